import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { storageOrigins } from './storage';

describe('storage origins allowed by the Content-Security-Policy', () => {
  it('are none on disk storage', () => {
    expect(storageOrigins(loadConfig({}))).toEqual([]);
  });

  it('include the upload endpoint as well as the public image address when they differ', () => {
    const config = loadConfig({
      S3_BUCKET: 'cars',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_PUBLIC_URL: 'https://images.rally.example/cars',
    });
    expect(storageOrigins(config).sort()).toEqual(['http://127.0.0.1:4569', 'https://images.rally.example']);
  });

  it("on AWS without an endpoint, include the bucket's own host that presigned POSTs go to", () => {
    const config = loadConfig({ S3_BUCKET: 'cars', S3_REGION: 'eu-west-2' });
    expect(storageOrigins(config).sort()).toEqual(['https://cars.s3.eu-west-2.amazonaws.com', 'https://s3.eu-west-2.amazonaws.com']);
  });
});

import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { startPlain } from './processes';

export type HttpFigure = {
  path: string;
  bytes: number;
  rps: number;
  p99: number;
  plainRps: number;
  plainP99: number;
  ratio: number;
  errors: number;
};

/** What a browser sends: the answers come compressed, as they do for visitors. */
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
/** Headers node:http writes itself, per connection or per response. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function load(url: string, seconds: number) {
  const r = await autocannon({ url, connections: 50, duration: seconds, headers: REQUEST_HEADERS });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** One endpoint of the site beside a plain node:http server sending the same bytes and headers. */
export async function compareEndpoint(siteUrl: string, urlPath: string, seconds: number, plainPort: number): Promise<HttpFigure> {
  // node's fetch would decompress; a raw request keeps the bytes as sent.
  const { body, headers, status } = await rawGet(siteUrl + urlPath);
  if (status !== 200) throw new Error(`${urlPath} answered ${status}`);
  const bodyFile = path.join(tmpdir(), `bench-body-${plainPort}`);
  const headersFile = `${bodyFile}.json`;
  writeFileSync(bodyFile, body);
  writeFileSync(headersFile, JSON.stringify(Object.fromEntries(Object.entries(headers).filter(([k]) => !OWN_HEADERS.has(k)))));
  const site = await load(siteUrl + urlPath, seconds);
  const plain = await startPlain(bodyFile, headersFile, plainPort);
  const baseline = await load(plain.url + '/', seconds);
  await plain.stop();
  return {
    path: urlPath,
    bytes: body.length,
    rps: site.rps,
    p99: site.p99,
    plainRps: baseline.rps,
    plainP99: baseline.p99,
    ratio: site.rps / baseline.rps,
    errors: site.errors,
  };
}

async function rawGet(url: string) {
  const http = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: REQUEST_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | string[]>, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

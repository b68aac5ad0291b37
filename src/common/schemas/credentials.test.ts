import { describe, expect, it } from 'vitest';
import { credentialsFormSchema, sendCredentialsSchema } from './credentials';

describe('the login credentials form and request', () => {
  it('share the test-address rule and its spec message', () => {
    expect(credentialsFormSchema.parse({ testEmail: '' })).toEqual({ testEmail: '' });
    expect(credentialsFormSchema.parse({ testEmail: ' me@example.test ' })).toEqual({ testEmail: 'me@example.test' });
    const form = credentialsFormSchema.safeParse({ testEmail: 'not-an-address' });
    const server = sendCredentialsSchema.safeParse({ testEmail: 'not-an-address' });
    expect(form.error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(server.error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(sendCredentialsSchema.parse({})).toEqual({ testEmail: undefined });
  });
});

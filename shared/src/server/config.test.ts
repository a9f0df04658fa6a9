import { adminEmailsFromEnv, serviceConfigFromEnv } from './config';

describe('adminEmailsFromEnv', () => {
  test('unset or blank: nobody', () => {
    expect(adminEmailsFromEnv({})).toEqual([]);
    expect(adminEmailsFromEnv({ ADMIN_EMAILS: ' , ' })).toEqual([]);
  });
  test('trimmed, lower-cased, without duplicates', () => {
    expect(adminEmailsFromEnv({ ADMIN_EMAILS: ' Admin@Agentflow.local, ops@example.com,admin@agentflow.local ,' })).toEqual(['admin@agentflow.local', 'ops@example.com']);
  });
  test('something that is not an address is a configuration error', () => {
    expect(() => adminEmailsFromEnv({ ADMIN_EMAILS: 'admin@agentflow.local, bob' })).toThrow("ADMIN_EMAILS holds something that is not an e-mail address: 'bob'");
  });
});

describe('serviceConfigFromEnv', () => {
  test('defaults', () => {
    expect(serviceConfigFromEnv({}, 4002)).toMatchObject({ port: 4002, host: '127.0.0.1', logLevel: 'info' });
  });
  test('a PORT that is not a port is refused', () => {
    expect(() => serviceConfigFromEnv({ PORT: 'abc' }, 4002)).toThrow("PORT must be a port number, got 'abc'");
  });
});

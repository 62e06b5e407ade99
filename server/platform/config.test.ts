import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyTrueRefused } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000, host: '0.0.0.0', dataDir: './data', databaseUrl: undefined, publicUrl: 'http://localhost:3000',
      smtpUrl: undefined, superadmin: undefined, requireApproval: false, trustProxy: false,
    });
  });

  it('trusts forwarded addresses only from a hop count or the proxies\' addresses and subnets', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8,::1' }).trustProxy)
      .toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', '::1']);
  });

  it('refuses TRUST_PROXY=true at start, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(`TRUST_PROXY: ${trustProxyTrueRefused}`);
    expect(trustProxyTrueRefused).toMatch(/number of proxies.*addresses\/subnets/);
  });

  it.each([
    ['0', 'a hop count must be 1 or more'],
    ['0.0.0.0/0', '"0.0.0.0/0" trusts every address'],
    ['::/0', '"::/0" trusts every address'],
    ['10.0.0.1,proxy.example', '"proxy.example" is neither an address'],
    ['10.0.0.0/33', '"10.0.0.0/33" is neither'],
    ['-1', '"-1" is neither'],
    ['yes', '"yes" is neither'],
  ])('refuses TRUST_PROXY=%s', (value, problem) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: ${problem}`);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/var/hearth', DATABASE_URL: 'postgres://db/hearth',
      PUBLIC_URL: 'https://hearth.example/', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'Hearth <h@example.com>',
      SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'pw', REQUIRE_APPROVAL: 'true',
    });
    expect(config).toMatchObject({
      port: 8080, host: '127.0.0.1', dataDir: '/var/hearth', databaseUrl: 'postgres://db/hearth',
      publicUrl: 'https://hearth.example', smtpUrl: 'smtp://mail:25', mailFrom: 'Hearth <h@example.com>',
      superadmin: { username: 'root', password: 'pw' }, requireApproval: true,
    });
  });

  it('sends statements unnamed to a PostgreSQL server unless PG_PREPARED_STATEMENTS is true', () => {
    expect(loadConfig({}).pgPreparedStatements).toBe(false);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'true' }).pgPreparedStatements).toBe(true);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
    expect(() => loadConfig({ PG_PREPARED_STATEMENTS: 'yes' })).toThrow(/PG_PREPARED_STATEMENTS/);
  });

  it('reaches the database directly for sessions only when DATABASE_DIRECT_URL says so', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://pooler/hearth' }).databaseDirectUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://pooler/hearth', DATABASE_DIRECT_URL: 'postgres://db/hearth' }).databaseDirectUrl)
      .toBe('postgres://db/hearth');
  });

  it('keeps a daily backup only with a folder for it, seven unless told otherwise', () => {
    expect(loadConfig({}).backups).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/hearth' }).backups).toEqual({ dir: '/var/backups/hearth', keep: 7 });
    expect(loadConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '30' }).backups).toEqual({ dir: 'b', keep: 30 });
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('serves metrics only when told to, on loopback unless told otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9100' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS: 'true', METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9100, host: '0.0.0.0' });
  });

  it('reads the AI endpoint, with a 30 s call limit unless told otherwise', () => {
    expect(loadConfig({}).ai).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.2' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.2', timeoutMs: 30_000,
    });
    expect(loadConfig({
      AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-x', AI_MODEL: 'gpt-4o-mini', AI_TIMEOUT_MS: '5000',
    }).ai).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x', model: 'gpt-4o-mini', timeoutMs: 5000 });
  });

  it('takes a VAPID key pair from the environment, and a subject from PUBLIC_URL (https) or MAIL_FROM', () => {
    const keys = {
      publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      privateKey: 'tUxbf-Mgtk4J6Gas6QsfDs2mtRrNSd1UKlZrlTAz8L8',
    };
    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid.keys).toEqual(keys);
    expect(loadConfig({}).vapid).toEqual({ keys: undefined, subject: 'mailto:no-reply@hearth.local' });
    expect(loadConfig({ PUBLIC_URL: 'https://hearth.example' }).vapid.subject).toBe('https://hearth.example');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.org' }).vapid.subject).toBe('mailto:ops@example.org');
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM' }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'tUxbf-Mgtk4J6Gas6QsfDs2mtRrNSd1UKlZrlTAz8L8' }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://hearth.example' }, 'VAPID_SUBJECT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://pooler/hearth', DATABASE_DIRECT_URL: 'mysql://x' }, 'DATABASE_DIRECT_URL'],
    [{ DATABASE_DIRECT_URL: 'postgres://db/hearth' }, 'DATABASE_DIRECT_URL is set without DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REQUIRE_APPROVAL: 'maybe' }, 'REQUIRE_APPROVAL'],
    [{ SUPERADMIN_USERNAME: 'root' }, 'SUPERADMIN_PASSWORD'],
    [{ AI_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'AI_MODEL'],
    [{ AI_MODEL: 'llama3.2' }, 'AI_BASE_URL'],
    [{ AI_BASE_URL: 'http://ai', AI_MODEL: 'm', AI_TIMEOUT_MS: 'soon' }, 'AI_TIMEOUT_MS'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

import path from 'node:path';
import { ConfigError, loadConfig, parseDuration } from './config';

describe('loadConfig', () => {
  it('has defaults that work on a fresh machine', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      siteUrl: 'http://localhost:3000',
      dataDir: path.resolve('/srv/site/data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      tokenTtlSeconds: 12 * 3600,
      smtpUrl: undefined,
      allowRegistration: false,
      apiBaseUrl: '',
      corsOrigins: [],
      redisUrl: undefined,
      trustProxy: false,
    });
  });

  it('reads every variable of the configuration table', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        SITE_URL: 'https://www.example.com/',
        DATA_DIR: '/var/lib/site',
        DATABASE_URL: 'postgres://localhost/site',
        JWT_SECRET: 'secret',
        TOKEN_TTL: '30m',
        SMTP_URL: 'smtp://mail.example.com:587',
        MAIL_FROM: 'Site <site@example.com>',
        ALLOW_REGISTRATION: 'true',
        API_BASE_URL: 'https://api.example.com',
        CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
        REDIS_URL: 'redis://127.0.0.1:6379',
        TRUST_PROXY: 'true',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      siteUrl: 'https://www.example.com',
      dataDir: '/var/lib/site',
      databaseUrl: 'postgres://localhost/site',
      jwtSecret: 'secret',
      tokenTtlSeconds: 1800,
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Site <site@example.com>',
      allowRegistration: true,
      apiBaseUrl: 'https://api.example.com',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      redisUrl: 'redis://127.0.0.1:6379',
      trustProxy: true,
    });
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_URL: 'ftp://example.com' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ ALLOW_REGISTRATION: 'maybe' })).toThrow(/ALLOW_REGISTRATION/);
    expect(() => loadConfig({ TOKEN_TTL: 'forever' })).toThrow(/TOKEN_TTL/);
  });
});

describe('parseDuration', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseDuration('45', 'X')).toBe(45);
    expect(parseDuration('45s', 'X')).toBe(45);
    expect(parseDuration('2m', 'X')).toBe(120);
    expect(parseDuration('12h', 'X')).toBe(43200);
    expect(parseDuration('1d', 'X')).toBe(86400);
    expect(() => parseDuration('0s', 'X')).toThrow(ConfigError);
  });
});

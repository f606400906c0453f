import path from 'node:path';
import { ConfigError, loadConfig } from './config';

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
      secretsKey: undefined,
      tokenTtlSeconds: 12 * 3600,
      smtpUrl: undefined,
      allowRegistration: false,
      apiBaseUrl: '',
      corsOrigins: [],
      redisUrl: undefined,
      trustProxy: false,
      databaseSchema: undefined,
      mailFrom: 'Larkspur Web Studio <no-reply@larkspur.example>',
      clientDir: path.resolve('/srv/site/dist/client'),
      pageCacheSeconds: 60,
      logLevel: 'info',
      s3: undefined,
      uploadsPublicUrl: undefined,
      drainSeconds: 5,
    });
    expect(loadConfig({ DRAIN_SECONDS: '0' }).drainSeconds).toBe(0);
    expect(() => loadConfig({ DRAIN_SECONDS: '601' })).toThrow(/DRAIN_SECONDS/);
  });

  it('reads the image bucket and the public address of images', () => {
    const config = loadConfig({
      S3_BUCKET: 'site-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOADS_PUBLIC_URL: 'https://cdn.example.com/images/',
    });
    expect(config.s3).toEqual({ bucket: 'site-images', endpoint: 'http://127.0.0.1:9000', region: 'auto', credentials: { accessKeyId: 'key', secretAccessKey: 'secret' }, forcePathStyle: true });
    expect(config.uploadsPublicUrl).toBe('https://cdn.example.com/images');
    expect(loadConfig({ S3_BUCKET: 'site-images' }).s3).toEqual({ bucket: 'site-images', endpoint: undefined, region: 'us-east-1', credentials: undefined, forcePathStyle: false });
  });

  it('refuses a bad bucket, half a key pair, and does not repeat the secret key', () => {
    expect(() => loadConfig({ S3_BUCKET: 'No_Such Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ UPLOADS_PUBLIC_URL: 'cdn.example.com' })).toThrow(/UPLOADS_PUBLIC_URL/);
  });

  it('reads every variable of the configuration table', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        SITE_URL: 'https://www.example.com/',
        DATA_DIR: '/var/lib/site',
        DATABASE_URL: 'postgres://localhost/site',
        JWT_SECRET: 'a-jwt-secret-of-thirty-two-bytes!',
        SECRETS_KEY: 'a-secrets-key-of-thirty-two-bytes',
        TOKEN_TTL: '30m',
        SMTP_URL: 'smtp://mail.example.com:587',
        MAIL_FROM: 'Site <site@example.com>',
        ALLOW_REGISTRATION: 'true',
        API_BASE_URL: 'https://api.example.com',
        CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
        REDIS_URL: 'redis://127.0.0.1:6379',
        TRUST_PROXY: 'true',
        DATABASE_SCHEMA: 'site_1',
        CLIENT_DIR: 'build/client',
        PAGE_CACHE_SECONDS: '120',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      siteUrl: 'https://www.example.com',
      dataDir: '/var/lib/site',
      databaseUrl: 'postgres://localhost/site',
      jwtSecret: 'a-jwt-secret-of-thirty-two-bytes!',
      secretsKey: 'a-secrets-key-of-thirty-two-bytes',
      tokenTtlSeconds: 1800,
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Site <site@example.com>',
      allowRegistration: true,
      apiBaseUrl: 'https://api.example.com',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      redisUrl: 'redis://127.0.0.1:6379',
      trustProxy: true,
      databaseSchema: 'site_1',
      clientDir: path.resolve('/srv/site/build/client'),
      pageCacheSeconds: 120,
      logLevel: 'warn',
    });
  });

  it.each(['JWT_SECRET', 'SECRETS_KEY'])('stops at a %s under 32 bytes, without repeating it', (name) => {
    const short = 'only-thirty-one-bytes-of-secret';
    expect(() => loadConfig({ [name]: short })).toThrow(new RegExp(`^${name} must be at least 32 bytes long`));
    expect(() => loadConfig({ [name]: short })).not.toThrow(new RegExp(short));
    // Bytes, not characters: 16 two-byte letters are enough.
    expect(loadConfig({ [name]: 'é'.repeat(16) })).toBeDefined();
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_URL: 'ftp://example.com' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ ALLOW_REGISTRATION: 'maybe' })).toThrow(/ALLOW_REGISTRATION/);
    expect(() => loadConfig({ TOKEN_TTL: 'forever' })).toThrow(/TOKEN_TTL/);
  });

  it.each([
    ['PAGE_CACHE_SECONDS', 'abc'],
    ['PAGE_CACHE_SECONDS', '-5'],
    ['PAGE_CACHE_SECONDS', '1.5'],
    ['PORT', '70000'],
    ['PORT', '80a'],
    ['TOKEN_TTL', 'forever'],
    ['TOKEN_TTL', '0s'],
    ['TOKEN_TTL', '12 hours'],
    ['SITE_URL', 'notaurl'],
    ['API_BASE_URL', 'notaurl'],
    ['CORS_ORIGINS', 'https://a.example.com, b.example.com'],
    ['TRUST_PROXY', 'maybe'],
    ['ALLOW_REGISTRATION', 'on'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'prod'],
    ['DATABASE_SCHEMA', 'Drop Table'],
    ['DATABASE_SCHEMA', 's'.repeat(47)],
  ])('stops at %s=%s, naming the variable and the value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} .*; got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"$`));
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PAGE_CACHE_SECONDS: 'abc', PORT: '70000', TOKEN_TTL: 'forever', SITE_URL: 'notaurl', TRUST_PROXY: 'maybe', HOST: '0.0.0.0' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PAGE_CACHE_SECONDS', 'PORT', 'TOKEN_TTL', 'SITE_URL', 'TRUST_PROXY']) expect(message).toContain(name);
    expect(message).not.toContain('HOST');
  });

  it('does not repeat the values of variables that may carry a password', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'mysql://root:hunter2@db/site'],
      ['SMTP_URL', 'http://user:hunter2@mail.example.com'],
      ['REDIS_URL', 'notaurl-hunter2'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
      expect(() => loadConfig({ [name]: value })).not.toThrow(/hunter2/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', PAGE_CACHE_SECONDS: '', DATABASE_URL: '', TRUST_PROXY: '' })).toMatchObject({ port: 3000, pageCacheSeconds: 60, databaseUrl: undefined, trustProxy: false });
  });

  it('keeps pages 60 seconds unless told, and 0 turns the caches off', () => {
    expect(loadConfig({}).pageCacheSeconds).toBe(60);
    expect(loadConfig({ PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0);
    expect(loadConfig({ PAGE_CACHE_SECONDS: '300' }).pageCacheSeconds).toBe(300);
  });

  it('reads the spellings of true and false, and every log level', () => {
    for (const value of ['true', 'TRUE', '1', 'yes']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(true);
    for (const value of ['false', 'No', '0']) expect(loadConfig({ ALLOW_REGISTRATION: value }).allowRegistration).toBe(false);
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });
});

describe('TOKEN_TTL', () => {
  it('reads seconds, minutes, hours and days', () => {
    const ttl = (value: string) => loadConfig({ TOKEN_TTL: value }).tokenTtlSeconds;
    expect(ttl('45')).toBe(45);
    expect(ttl('45s')).toBe(45);
    expect(ttl(' 2 m ')).toBe(120);
    expect(ttl('12h')).toBe(43200);
    expect(ttl('1d')).toBe(86400);
    expect(() => ttl('0s')).toThrow(ConfigError);
  });
});

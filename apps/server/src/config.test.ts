import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_IDLE_MINUTES, DEFAULT_SESSION_MAX_HOURS } from '@referwell/contracts';
import { loadConfig } from './config.js';

const REQUIRED = [
  'SESSION_SECRET',
  'APP_PRIVATE_KEY',
  'PUBLIC_URL',
  'SMTP_URL',
  'SMS_WEBHOOK_URL',
  'CLAMD_HOST',
] as const;

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(32),
  APP_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----',
  PUBLIC_URL: 'https://referwell.example',
  SMTP_URL: 'smtp://mail.example:25',
  SMS_WEBHOOK_URL: 'https://sms.example/send',
  CLAMD_HOST: 'clamav.internal',
};

/** The message loadConfig throws for an environment, or '' when it is accepted. */
function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('loadConfig', () => {
  it('reads the extra socket origins as origins, and refuses what is not one', () => {
    expect(loadConfig({}).socketAllowedOrigins).toEqual([]);
    expect(
      loadConfig({ SOCKET_ALLOWED_ORIGINS: 'https://clinic.example/, http://localhost:5173' }).socketAllowedOrigins,
    ).toEqual(['https://clinic.example', 'http://localhost:5173']);
    expect(errorOf({ SOCKET_ALLOWED_ORIGINS: 'clinic.example' })).toMatch(
      /SOCKET_ALLOWED_ORIGINS.*comma list of origins/,
    );
  });

  it('limits texts by default to 20 a person in 10 minutes, 100 a practice and 6 a number in an hour', () => {
    expect(loadConfig({}).textLimits).toEqual({
      perUser: { max: 20, windowMs: 600_000 },
      perPractice: { max: 100, windowMs: 3_600_000 },
      perNumber: { max: 6, windowMs: 3_600_000 },
    });
    expect(loadConfig({ TEXT_LIMIT_PER_NUMBER: '3/1440' }).textLimits.perNumber).toEqual({
      max: 3,
      windowMs: 86_400_000,
    });
    for (const bad of ['20', '0/10', '20/0', 'twenty/10', '20/10/5'])
      expect(errorOf({ TEXT_LIMIT_PER_USER: bad })).toMatch(/TEXT_LIMIT_PER_USER: must be COUNT\/MINUTES/);
  });

  it('runs on an empty environment with development defaults', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.isProduction).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sessionIdleMs).toBe(DEFAULT_SESSION_IDLE_MINUTES * 60_000);
    expect(config.sessionMaxMs).toBe(DEFAULT_SESSION_MAX_HOURS * 3_600_000);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.smsWebhookUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.bodyLimit).toBe(1024 * 1024);
    expect(config.authRateLimitPerMinute).toBe(30);
    expect(config.seedDemo).toBe(true);
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://app.example/',
      SESSION_IDLE_MINUTES: '5',
      TRUST_PROXY: 'true',
      BODY_LIMIT_BYTES: '2048',
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      SEED_DEMO: 'false',
      DATA_DIR: 'relative/dir',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://app.example');
    expect(config.sessionIdleMs).toBe(5 * 60_000);
    expect(config.trustProxy).toBe(true);
    expect(config.bodyLimit).toBe(2048);
    expect(config.authRateLimitPerMinute).toBe(3);
    expect(config.seedDemo).toBe(false);
    expect(config.dataDir).toBe(path.resolve('relative/dir'));
  });

  it('returns DATABASE_URL when given', () => {
    const url = 'postgres://referwell:pw@db.example:5432/referwell';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('treats empty URL variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('lists every bad variable, one clear line each', () => {
    const message = errorOf({ PORT: 'abc', DATABASE_URL: 'not-a-url' });
    expect(message).toMatch(/^Invalid configuration:/);
    const lines = message.split('\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.trim().startsWith('PORT:'))).toBeDefined();
    expect(lines.find((l) => l.trim().startsWith('DATABASE_URL:'))).toBeDefined();
  });

  it('refuses values out of range or outside the allowed set', () => {
    expect(errorOf({ PORT: '70000' })).toContain('PORT:');
    expect(errorOf({ NODE_ENV: 'staging' })).toContain('NODE_ENV:');
    expect(errorOf({ TRUST_PROXY: 'yes' })).toContain('TRUST_PROXY:');
    expect(errorOf({ BODY_LIMIT_BYTES: '10' })).toContain('BODY_LIMIT_BYTES:');
    expect(errorOf({ AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toContain('AUTH_RATE_LIMIT_PER_MINUTE:');
  });

  it('shares events through Redis only when REDIS_URL is set, under the default prefix unless told', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379/0' }).redis).toEqual({
      url: 'redis://cache.internal:6379/0',
      prefix: 'rw:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.example:6380', REDIS_PREFIX: 'staging:' }).redis).toEqual({
      url: 'rediss://:pw@cache.example:6380',
      prefix: 'staging:',
    });
  });

  it('refuses a REDIS_URL that is not a Redis address and a REDIS_PREFIX with spaces', () => {
    expect(errorOf({ REDIS_URL: 'http://cache.internal:6379' })).toContain(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
    expect(errorOf({ REDIS_URL: 'cache.internal' })).toContain('REDIS_URL:');
    expect(errorOf({ REDIS_PREFIX: 'my app' })).toContain('REDIS_PREFIX:');
  });

  it('starts in production without Redis: one instance needs none', () => {
    expect(loadConfig(production).redis).toBeUndefined();
  });

  it('refuses a SESSION_SECRET shorter than 32 characters', () => {
    expect(errorOf({ SESSION_SECRET: 'x'.repeat(31) })).toContain('SESSION_SECRET: must be at least 32 characters');
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32));
  });

  it('starts in production when every required variable is set', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.smtpUrl).toBe(production.SMTP_URL);
    expect(config.smsWebhookUrl).toBe(production.SMS_WEBHOOK_URL);
    // A key pasted into one line with \n escapes is read as a multi-line PEM.
    expect(config.appPrivateKey).toBe('-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----');
  });

  it('treats an empty required variable as missing in production', () => {
    expect(errorOf({ ...production, SMTP_URL: '' })).toContain('SMTP_URL: is required in production');
  });

  it('lists the missing production variables together with other bad ones', () => {
    const { SMTP_URL: _smtp, ...rest } = production;
    const message = errorOf({ ...rest, PORT: 'abc', SESSION_SECRET: 'short' });
    expect(message).toContain('PORT:');
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
    expect(message).toContain('SMTP_URL: is required in production');
    expect(message.split('\n').slice(1)).toHaveLength(3);
  });

  it('refuses an APP_PRIVATE_KEY that is not a PEM private key', () => {
    expect(errorOf({ APP_PRIVATE_KEY: 'not a key' })).toContain('APP_PRIVATE_KEY: must be a PEM private key');
  });

  it('requires SESSION_SECRET, APP_PRIVATE_KEY, PUBLIC_URL, SMTP_URL, SMS_WEBHOOK_URL and CLAMD_HOST in production', () => {
    const message = errorOf({ NODE_ENV: 'production' });
    for (const key of REQUIRED) expect(message).toContain(`${key}: is required in production`);
    expect(message.split('\n').slice(1)).toHaveLength(REQUIRED.length);
    for (const key of REQUIRED) {
      const { [key]: _missing, ...rest } = production;
      const one = errorOf(rest);
      expect(one, key).toContain(`${key}: is required in production`);
      expect(one.split('\n').slice(1), key).toHaveLength(1);
    }
  });

  it('keeps the development outbox to this machine unless DEV_OUTBOX=true', () => {
    expect(loadConfig({}).devOutboxForAnyone).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'true' }).devOutboxForAnyone).toBe(true);
    expect(errorOf({ DEV_OUTBOX: 'yes' })).toContain('DEV_OUTBOX: must be true or false');
  });

  it('waits 60 s for the database at start unless DATABASE_START_TIMEOUT_SECONDS says otherwise', () => {
    expect(loadConfig({}).databaseStartTimeoutMs).toBe(60_000);
    expect(loadConfig({ DATABASE_START_TIMEOUT_SECONDS: '0' }).databaseStartTimeoutMs).toBe(0);
    expect(loadConfig({ DATABASE_START_TIMEOUT_SECONDS: '300' }).databaseStartTimeoutMs).toBe(300_000);
    expect(errorOf({ DATABASE_START_TIMEOUT_SECONDS: '-1' })).toContain('DATABASE_START_TIMEOUT_SECONDS:');
    expect(errorOf({ DATABASE_START_TIMEOUT_SECONDS: 'soon' })).toContain('DATABASE_START_TIMEOUT_SECONDS:');
  });
});

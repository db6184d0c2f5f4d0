import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SESSION_IDLE_MINUTES, DEFAULT_SESSION_MAX_HOURS } from '@referwell/contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);
/** `20/10`: at most 20 in 10 minutes. */
const textLimit = (byDefault: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}\/[1-9]\d{0,4}$/, 'must be COUNT/MINUTES, e.g. 20/10')
    .default(byDefault)
    .transform((v) => {
      const [max, minutes] = v.split('/').map(Number);
      return { max: max, windowMs: minutes * 60_000 };
    });

/**
 * Variables production cannot run without. Checked apart from the schema so that they are listed
 * even when another variable is also wrong (a refinement only runs once the schema passes).
 */
const REQUIRED_IN_PRODUCTION = [
  'SESSION_SECRET',
  'APP_PRIVATE_KEY',
  'PUBLIC_URL',
  'SMTP_URL',
  'SMS_WEBHOOK_URL',
  'CLAMD_HOST',
] as const;

const Env = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_SESSION_IDLE_MINUTES),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(DEFAULT_SESSION_MAX_HOURS),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Referwell <no-reply@referwell.test>'),
  SMS_WEBHOOK_URL: optionalUrl,
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per event (development's default); `json`: one JSON object per line. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** A NUCC taxonomy CSV in the official layout, replacing the bundled one (catalogues module). */
  NUCC_TAXONOMY_CSV: z.string().optional(),
  /** A payer list (name,payerId,searchable), replacing the bundled one. */
  INSURANCE_PAYERS_CSV: z.string().optional(),
  /** NPPES API, e.g. https://npiregistry.cms.hhs.gov/api/; without it NPI lookups stay local. */
  NPI_REGISTRY_URL: optionalUrl,
  /** A Nominatim-compatible geocoder; without it addresses resolve offline to US ZIP and city centroids. */
  GEOCODER_URL: optionalUrl,
  /** Per-IP limit on address search, place details and NPI lookups. */
  LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** ClamAV clamd (INSTREAM over TCP). Without it development marks files clean and says so. */
  CLAMD_HOST: z.string().optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /** Shared secret of POST /api/v1/files/scan-callback (event-driven scanners of S3 deployments). */
  SCAN_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long signed upload and download links stay valid. */
  FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** S3-compatible file storage (presigned PUTs); without S3_BUCKET files live under DATA_DIR/files. */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
  ),
  /** For S3-compatible servers (MinIO, Ceph, R2 …); AWS itself needs none. */
  S3_ENDPOINT: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL'),
  /** Both or neither: without them the AWS default credential chain applies (environment, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing (`endpoint/bucket/key`); default true with S3_ENDPOINT, false on AWS. */
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false']).optional()),
  /** How often an open events socket's session is checked again (and the connection pinged). */
  SOCKET_CHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /**
   * Redis shared by every instance: the event bus (pub/sub), chat presence and rate-limit counters.
   * Optional even in production, because one instance is a legitimate deployment and then the
   * in-process bus and counters are complete; several instances behind a load balancer need it
   * or events and limits stay with the instance they happened on.
   */
  REDIS_URL: optionalUrl.refine(
    (v) => v === undefined || /^rediss?:\/\//.test(v),
    'must be a redis:// or rediss:// URL',
  ),
  /**
   * Prefix of every key and channel this deployment uses in Redis. Deployments sharing one Redis
   * need different prefixes: pub/sub channels ignore the database number in the URL.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, colons, dots, hyphens or underscores')
    .default('rw:'),
  /** Pages of other origins that may open the sockets too (the app's own origin and PUBLIC_URL's always may). */
  SOCKET_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .url({ protocol: /^https?$/, error: 'must be a comma list of origins such as https://clinic.example' })
          .transform((o) => new URL(o).origin),
      ),
    ),
  /** Outbound texts and calls: at most COUNT in MINUTES (`COUNT/MINUTES`) per sender, practice and number. */
  TEXT_LIMIT_PER_USER: textLimit('20/10'),
  TEXT_LIMIT_PER_PRACTICE: textLimit('100/60'),
  TEXT_LIMIT_PER_NUMBER: textLimit('6/60'),
  /** Hosts link previews may fetch even when they resolve to private addresses (tests, intranets). */
  LINK_PREVIEW_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** How long the chat link texted to a patient (or anyone invited by phone) works. */
  CHAT_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Open chat sockets one participant may hold (all instances together); a new one closes the oldest beyond it. */
  CHAT_SOCKETS_PER_PARTICIPANT: z.coerce.number().int().min(1).max(100).default(5),
  /** Messages one chat takes in any 10 seconds, all its participants together (each also has a limit of their own). */
  CHAT_ROOM_MESSAGE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * The development outbox holds every sign-in code, so it answers only browsers on the server's
   * own machine; `true` opens it to anyone who reaches the server (a shared test server). Never in production.
   */
  DEV_OUTBOX: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** How long a starting server waits for its database to answer before it gives up; 0 asks once. */
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (env.NODE_ENV === 'production') {
    for (const key of REQUIRED_IN_PRODUCTION) if (!env[key]) lines.push(`  ${key}: is required in production`);
  }
  lines.push(...s3Inconsistencies(env));
  if (!parsed.success || lines.length) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databaseStartTimeoutMs: c.DATABASE_START_TIMEOUT_SECONDS * 1000,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    sessionSecret: c.SESSION_SECRET,
    appPrivateKey: c.APP_PRIVATE_KEY?.replace(/\\n/g, '\n'),
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: c.SESSION_MAX_HOURS * 3_600_000,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    smsWebhookUrl: c.SMS_WEBHOOK_URL,
    smsWebhookToken: c.SMS_WEBHOOK_TOKEN,
    trustProxy: c.TRUST_PROXY,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT ?? (c.NODE_ENV === 'development' ? 'pretty' : 'json'),
    bodyLimit: c.BODY_LIMIT_BYTES,
    authRateLimitPerMinute: c.AUTH_RATE_LIMIT_PER_MINUTE,
    seedDemo: c.SEED_DEMO ?? c.NODE_ENV === 'development',
    webDist: path.resolve(c.WEB_DIST),
    nuccTaxonomyCsv: c.NUCC_TAXONOMY_CSV ? path.resolve(c.NUCC_TAXONOMY_CSV) : undefined,
    insurancePayersCsv: c.INSURANCE_PAYERS_CSV ? path.resolve(c.INSURANCE_PAYERS_CSV) : undefined,
    npiRegistryUrl: c.NPI_REGISTRY_URL,
    geocoderUrl: c.GEOCODER_URL,
    lookupRateLimitPerMinute: c.LOOKUP_RATE_LIMIT_PER_MINUTE,
    clamd: c.CLAMD_HOST ? { host: c.CLAMD_HOST, port: c.CLAMD_PORT } : undefined,
    scanCallbackSecret: c.SCAN_CALLBACK_SECRET,
    fileLinkTtlMs: c.FILE_LINK_TTL_SECONDS * 1000,
    linkPreviewAllowedHosts: c.LINK_PREVIEW_ALLOWED_HOSTS,
    devOutboxForAnyone: c.DEV_OUTBOX,
    textLimits: {
      perUser: c.TEXT_LIMIT_PER_USER,
      perPractice: c.TEXT_LIMIT_PER_PRACTICE,
      perNumber: c.TEXT_LIMIT_PER_NUMBER,
    },
    socketAllowedOrigins: c.SOCKET_ALLOWED_ORIGINS,
    socketCheckMs: c.SOCKET_CHECK_SECONDS * 1000,
    chatLinkTtlMs: c.CHAT_LINK_TTL_DAYS * 24 * 60 * 60_000,
    chatSocketsPerParticipant: c.CHAT_SOCKETS_PER_PARTICIPANT,
    chatRoomMessageLimit: c.CHAT_ROOM_MESSAGE_LIMIT,
    redis: c.REDIS_URL ? { url: c.REDIS_URL, prefix: c.REDIS_PREFIX } : undefined,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: c.S3_ENDPOINT,
          forcePathStyle:
            c.S3_FORCE_PATH_STYLE === undefined ? c.S3_ENDPOINT !== undefined : c.S3_FORCE_PATH_STYLE === 'true',
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
  };
}

/** S3 variables that make no sense together: a half-configured store must not fall back to local disk silently. */
function s3Inconsistencies(env: NodeJS.ProcessEnv): string[] {
  const set = (key: string) => Boolean(env[key]);
  const lines: string[] = [];
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter(
    set,
  );
  if (!set('S3_BUCKET') && others.length)
    lines.push(`  S3_BUCKET: is required when ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} set`);
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    lines.push(
      set('S3_ACCESS_KEY_ID')
        ? '  S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID'
        : '  S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY',
    );
  }
  return lines;
}

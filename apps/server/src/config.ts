import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SESSION_IDLE_MINUTES, DEFAULT_SESSION_MAX_HOURS } from '@referwell/contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z.string().url().optional().or(z.literal('').transform(() => undefined));

/**
 * Variables production cannot run without. Checked apart from the schema so that they are listed
 * even when another variable is also wrong (a refinement only runs once the schema passes).
 */
const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'APP_PRIVATE_KEY', 'PUBLIC_URL', 'SMTP_URL', 'SMS_WEBHOOK_URL', 'CLAMD_HOST'] as const;

const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    APP_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(DEFAULT_SESSION_IDLE_MINUTES),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(DEFAULT_SESSION_MAX_HOURS),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Referwell <no-reply@referwell.test>'),
    SMS_WEBHOOK_URL: optionalUrl,
    SMS_WEBHOOK_TOKEN: z.string().optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    SEED_DEMO: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
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
    /** Hosts link previews may fetch even when they resolve to private addresses (tests, intranets). */
    LINK_PREVIEW_ALLOWED_HOSTS: z.string().default('').transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  });

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (env.NODE_ENV === 'production') {
    for (const key of REQUIRED_IN_PRODUCTION) if (!env[key]) lines.push(`  ${key}: is required in production`);
  }
  if (!parsed.success || lines.length) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
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
  };
}

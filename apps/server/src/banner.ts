import type { Config } from './config.js';

/**
 * What a person starting the server needs to know, in words: where it answers, which database it
 * uses, the mode, and which outside services are off and how to turn each on. Development runs
 * with none of them, so a first start should not leave anyone wondering why no email arrived.
 */
export function startBanner(config: Config, database: { driver: 'pglite' | 'postgres'; location: string }): string {
  const off = servicesOff(config);
  const lines = [
    `Referwell is ready on ${config.publicUrl}`,
    `  database: ${database.driver === 'pglite' ? `embedded PostgreSQL (PGlite) in ${database.location}` : `PostgreSQL at ${database.location}`}`,
    `  mode: ${config.env}${config.seedDemo ? ', with demo data (the README lists the accounts)' : ''}`,
  ];
  if (off.length) lines.push('  off here, and how to turn it on:', ...off.map((line) => `    - ${line}`));
  return lines.join('\n');
}

/** Each outside service this server runs without, with the variable that turns it on. */
export function servicesOff(config: Config): string[] {
  const outbox = `${config.publicUrl}/dev/outbox`;
  const off: string[] = [];
  if (!config.smtpUrl) off.push(`email is not sent; it waits in the outbox at ${outbox} (set SMTP_URL)`);
  if (!config.smsWebhookUrl) off.push(`texts are not sent; they wait in the same outbox (set SMS_WEBHOOK_URL)`);
  if (!config.clamd) off.push('uploaded files are not scanned for viruses (set CLAMD_HOST to a clamd)');
  if (!config.redis) off.push('events and limits stay in this one process (set REDIS_URL to run several)');
  if (!config.npiRegistryUrl) off.push('NPI numbers are checked offline only (set NPI_REGISTRY_URL)');
  if (!config.geocoderUrl) off.push('addresses are placed at their ZIP code or city (set GEOCODER_URL)');
  return off;
}

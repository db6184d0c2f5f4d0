import { describe, expect, it } from 'vitest';
import { startBanner } from './banner.js';
import { loadConfig } from './config.js';

describe('the start banner', () => {
  it('names the address, the database, the mode, and each service that is off with the variable that turns it on', () => {
    const banner = startBanner(loadConfig({ NODE_ENV: 'development' }), {
      driver: 'pglite',
      location: '/srv/referwell/data/pglite',
    });
    expect(banner).toContain('Referwell is ready on http://localhost:3000');
    expect(banner).toContain('database: embedded PostgreSQL (PGlite) in /srv/referwell/data/pglite');
    expect(banner).toContain('mode: development, with demo data');
    expect(banner).toContain(
      'email is not sent; it waits in the outbox at http://localhost:3000/dev/outbox (set SMTP_URL)',
    );
    expect(banner).toContain('(set CLAMD_HOST to a clamd)');
  });

  it('lists nothing as off when every service is configured', () => {
    const banner = startBanner(
      loadConfig({
        NODE_ENV: 'test',
        SMTP_URL: 'smtp://mail.example:25',
        SMS_WEBHOOK_URL: 'https://sms.example/send',
        CLAMD_HOST: 'clamd',
        REDIS_URL: 'redis://redis:6379',
        NPI_REGISTRY_URL: 'https://npiregistry.cms.hhs.gov/api/',
        GEOCODER_URL: 'https://nominatim.example',
      }),
      { driver: 'postgres', location: 'db.internal:5432' },
    );
    expect(banner).toContain('database: PostgreSQL at db.internal:5432');
    expect(banner.split('\n').at(-1)).toBe('  mode: test');
    expect(banner).not.toContain('off here');
  });
});

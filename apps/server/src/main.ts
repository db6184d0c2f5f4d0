import { loadConfig } from './config.js';
import { openDatabase, waitForDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemoData } from './seed/demo.js';
import { loggerOptions, readableLog } from './platform/logging.js';
import { servicesOff, startBanner } from './banner.js';

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const database = await openDatabase(config);
  // Built first for its logger: building reads nothing from the database.
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel, config.logFormat === 'pretty' ? readableLog() : undefined),
  });
  try {
    await waitForDatabase(database, { timeoutMs: config.databaseStartTimeoutMs, log: app.log });
  } catch (err) {
    app.log.fatal((err as Error).message);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  await database.migrate();
  // Ready first: modules load their catalogues on ready, and the demo data refers to them.
  await app.ready();
  if (config.seedDemo && (await seedDemoData(database.db)))
    app.log.info('demo data created (see README for the accounts)');

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const startupMs = Math.round(performance.now() - startedAt);
  if (config.logFormat === 'pretty') console.log(`\n${startBanner(config, database)}\n  started in ${startupMs} ms\n`);
  else
    app.log.info(
      { database: database.driver, startupMs, mode: config.env, off: servicesOff(config) },
      `Referwell is ready on ${config.publicUrl}`,
    );
}

void main().catch((err) => {
  console.error('Referwell failed to start:', err);
  process.exit(1);
});

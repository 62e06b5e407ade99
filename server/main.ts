import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { migrate, openPglite, openPostgres } from './platform/db/client.ts';
import { markCleanStop, recoverAfterUncleanStop } from './platform/db/maintenance.ts';
import { openBackupChannel } from './platform/backup/channel.ts';
import { Metrics } from './platform/metrics.ts';

/** Reads the environment, opens and migrates the database, and listens. */
async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDist ??= fileURLToPath(new URL('../web/dist', import.meta.url));
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite({
      dataDir: config.dataDir,
      // Without its engine the server can answer nothing: stop, so whatever runs it starts it again.
      onCrash: (error) => {
        console.error(`The embedded database stopped: ${error.message}`);
        process.exit(1);
      },
    });
  await migrate(database);
  if (!config.databaseUrl && (await recoverAfterUncleanStop(database, config.dataDir))) {
    console.log('The last run did not stop cleanly: the embedded database was vacuumed.');
  }

  const metrics = config.metrics ? await Metrics.create() : undefined;
  const app = await buildApp({
    config, database, logger: { level: process.env.LOG_LEVEL ?? 'info' },
    checkResponses: process.env.NODE_ENV === 'development', metrics,
  });
  // On PGlite only this process may open the data folder: `npm run backup` asks it for the backup.
  const closeBackupChannel = config.databaseUrl ? undefined : await openBackupChannel(database, config.dataDir, app.log);
  app.log.info(config.databaseUrl ? 'Database: PostgreSQL' : `Database: PGlite in ${config.dataDir}`);
  if (!config.smtpUrl) app.log.info('SMTP_URL is not set: mail is printed to this log instead of being sent.');
  if (!config.superadmin) {
    app.log.info('Super admin is disabled: set SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD to enable /superadmin.');
  }

  let closeMetrics: (() => Promise<void>) | undefined;
  const stop = async () => {
    await closeMetrics?.();
    await closeBackupChannel?.();
    await app.close();
    await database.close();
    if (!config.databaseUrl) await markCleanStop(config.dataDir);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
  if (metrics && config.metrics) {
    const served = await metrics.listen(config.metrics);
    closeMetrics = served.close;
    app.log.info(`Metrics: http://${config.metrics.host}:${served.port}/metrics`);
  }
}

await main();

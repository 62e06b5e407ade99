import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './platform/config.ts';
import { migrate, openPglite, openPostgres, type Database } from './platform/db/client.ts';
import { recoverAfterUncleanStop } from './platform/db/maintenance.ts';
import { openBackupChannel } from './platform/backup/channel.ts';
import { Metrics } from './platform/metrics.ts';
import type { App } from './platform/http/route.ts';
import { startupFailure } from './platform/startup.ts';

/** Opens the configured database: a PostgreSQL server, or PGlite in DATA_DIR (vacuumed after an unclean stop). */
async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, {
      preparedStatements: config.pgPreparedStatements, directUrl: config.databaseDirectUrl,
    });
    await migrate(database);
    return database;
  }
  const database = await openPglite({
    dataDir: config.dataDir,
    fsync: config.pgliteFsync,
    // Without its engine the server can answer nothing: stop, so whatever runs it starts it again.
    onCrash: (error) => {
      console.error(`The embedded database stopped: ${error.message}`);
      process.exit(1);
    },
  });
  await migrate(database);
  if (await recoverAfterUncleanStop(database)) {
    console.log('The last run did not stop cleanly: the embedded database was vacuumed.');
  }
  return database;
}

/** Reads the environment, opens and migrates the database, and listens. */
async function main(config: Config) {
  config.webDist ??= fileURLToPath(new URL('../web/dist', import.meta.url));
  const database = await openDatabase(config);
  const metrics = config.metrics ? await Metrics.create() : undefined;
  let app: App | undefined;
  let closeBackupChannel: (() => Promise<void>) | undefined;
  let closeMetrics: (() => Promise<void>) | undefined;
  try {
    app = await buildApp({
      config, database, logger: { level: process.env.LOG_LEVEL ?? 'info' },
      checkResponses: process.env.NODE_ENV === 'development', metrics,
    });
    // On PGlite only this process may open the data folder: `npm run backup` asks it for the backup.
    closeBackupChannel = config.databaseUrl ? undefined : await openBackupChannel(database, config.dataDir, app.log);
    await app.listen({ port: config.port, host: config.host });
    if (metrics && config.metrics) {
      const served = await metrics.listen(config.metrics);
      closeMetrics = served.close;
      app.log.info(`Metrics: http://${config.metrics.host}:${served.port}/metrics`);
    }
  } catch (error) {
    await closeMetrics?.().catch(() => {});
    await closeBackupChannel?.().catch(() => {});
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }

  app.log.info(config.databaseUrl ? 'Database: PostgreSQL' : `Database: PGlite in ${config.dataDir}`);
  if (!config.smtpUrl) app.log.info('SMTP_URL is not set: mail is printed to this log instead of being sent.');
  if (!config.superadmin) {
    app.log.info('Super admin is disabled: set SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD to enable /superadmin.');
  }
  const stop = async () => {
    await closeMetrics?.();
    await closeBackupChannel?.();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

let config: Config | undefined;
try {
  config = loadConfig(process.env);
  await main(config);
} catch (error) {
  // One line that says what to fix, not a stack (`startupFailure`).
  console.error(startupFailure(error, { databaseUrl: config?.databaseUrl, host: config?.host ?? '', port: config?.port ?? 0 }));
  process.exit(1);
}

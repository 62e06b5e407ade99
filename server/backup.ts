import { backupCommand, givenPath, runCommand } from './platform/backup/cli.ts';

/** `npm run backup -- FILE`: see platform/backup/cli.ts. */
await runCommand(() => backupCommand(givenPath(process.argv[2]), process.env));

import { restoreCommand, givenPath, runCommand } from './platform/backup/cli.ts';

/** `npm run restore -- FILE`: see platform/backup/cli.ts. */
await runCommand(() => restoreCommand(givenPath(process.argv[2]), process.env));

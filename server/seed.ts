import { runCommand } from './platform/backup/cli.ts';
import { seedCommand } from './seed/cli.ts';

/** `npm run seed -- --families N` or `--demo`: see seed/cli.ts. */
await runCommand(() => seedCommand(process.argv.slice(2), process.env));

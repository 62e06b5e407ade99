import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startSmtpCatcher } from '../../server/test/smtp-catcher.ts';

/** A real SMTP server that writes each received mail to a JSON file the test workers can read. */
export async function startMailCatcher(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return startSmtpCatcher(async (mail) => {
    const name = `${Date.now()}-${randomBytes(4).toString('hex')}`;
    // Written aside and renamed, so a reader never sees a half-written file.
    await writeFile(join(dir, `${name}.tmp`), JSON.stringify({ ...mail, at: Date.now() }));
    await rename(join(dir, `${name}.tmp`), join(dir, `${name}.json`));
  });
}

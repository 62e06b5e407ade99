import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that writes each received mail to a JSON file tests can read. */
export async function startMailCatcher(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(async (parsed) => {
        for (const rcpt of session.envelope.rcptTo) {
          const mail = { to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '', at: Date.now() };
          const name = `${Date.now()}-${randomBytes(4).toString('hex')}`;
          // Written aside and renamed, so a reader never sees a half-written file.
          await writeFile(join(dir, `${name}.tmp`), JSON.stringify(mail));
          await rename(join(dir, `${name}.tmp`), join(dir, `${name}.json`));
        }
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

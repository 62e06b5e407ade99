import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** Header lines by lower-case name, as sent. */
  headers: Record<string, string>;
}

/**
 * A real SMTP server on a free loopback port that hands each received mail, once per recipient, to `onMail`.
 * Server tests keep mails in memory; browser tests write them to files for the test workers.
 */
export async function startSmtpCatcher(
  onMail: (mail: ReceivedMail) => Promise<void> | void,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(async (parsed) => {
        for (const rcpt of session.envelope.rcptTo) {
          const headers = Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]));
          await onMail({ to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '', headers });
        }
        callback();
      }).catch(callback);
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

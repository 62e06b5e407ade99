import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free local port; the app sends to it through nodemailer. */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  private readonly waiters = new Set<() => void>();
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream).then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            this.received.push({ to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '' });
          }
          for (const wake of this.waiters) wake();
          callback();
        }, callback);
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next mail to `to` whose subject matches, counting from the `after`-th mail to them. */
  async waitFor(to: string, match: RegExp = /./, timeoutMs = 5000): Promise<ReceivedMail> {
    const find = () => this.received.filter((m) => m.to === to.toLowerCase() && match.test(m.subject)).at(-1);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) {
        this.received.splice(this.received.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${to} matching ${match}`);
      await new Promise<void>((resolve) => {
        const wake = () => { this.waiters.delete(wake); clearTimeout(timer); resolve(); };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** Asserts that nothing arrives for `to` within `ms`. */
  async expectNothing(to: string, ms = 300): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    const found = this.received.find((m) => m.to === to.toLowerCase());
    if (found) throw new Error(`Unexpected mail to ${to}: ${found.subject}`);
  }
}

export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

export function mailedCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No code in mail:\n${text}`);
  return match[1];
}

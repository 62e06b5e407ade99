import { startSmtpCatcher, type ReceivedMail } from './smtp-catcher.ts';

export type { ReceivedMail };

/** Mail the app sent through nodemailer to a real SMTP server, kept in memory for the test to read. */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  private readonly waiters = new Set<() => void>();
  private catcher: { url: string; stop(): Promise<void> } | undefined;

  async start(): Promise<string> {
    this.catcher = await startSmtpCatcher((mail) => {
      this.received.push(mail);
      for (const wake of this.waiters) wake();
    });
    return this.catcher.url;
  }

  async stop(): Promise<void> {
    await this.catcher?.stop();
  }

  /** Takes the newest mail to `to` whose subject matches, waiting for it when none has arrived yet. */
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

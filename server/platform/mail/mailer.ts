import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (the digest's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailLog {
  info(msg: string): void;
}

/** Real SMTP when SMTP_URL is set; otherwise each mail is printed to the log so local sign-up works. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: MailLog }): Mailer {
  if (!options.smtpUrl) {
    return {
      send: async (mail) => options.log.info(`Mail to ${mail.to}: ${mail.subject}\n\n${mail.text}`),
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({
        from: options.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}

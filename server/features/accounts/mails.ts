import type { Mail } from '../../platform/mail/mailer.ts';

export function verificationMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your email for Hearth',
    text: `Hi ${name},\n\nWelcome to Hearth! Confirm your email address by opening this link:\n\n${link}\n\n`
      + 'The link works once and expires in 24 hours.\n',
  };
}

export function loginCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: `Your Hearth sign-in code: ${code}`,
    text: `Your sign-in code is ${code}\n\nIt expires in 10 minutes. If you did not ask for it, you can ignore this mail.\n`,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Hearth password',
    text: `Someone asked to reset the password of your Hearth account. To choose a new password, open:\n\n${link}\n\n`
      + 'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this mail.\n',
  };
}

import type { Mail } from '../../platform/mail/mailer.ts';

export function invitationMail(to: string, input: { inviterName: string; familyName: string; link: string }): Mail {
  return {
    to,
    subject: `You're invited to join ${input.familyName} on Hearth`,
    text: `Hi,\n\n${input.inviterName} invited you to join ${input.familyName} on Hearth, where the family shares `
      + `grocery lists, meals and a calendar.\n\nOpen this link to create your account, or, if you already have a `
      + `Hearth account, to sign in and accept:\n\n${input.link}\n\n`
      + 'The link expires in 7 days. If you were not expecting this, you can ignore this mail.\n',
  };
}

/**
 * Told to each account of a deleted family. It names nothing the family held (not even its name): the mail outlives
 * the deletion in the recipient's mailbox and in the log of a server without SMTP.
 */
export function familyDeletedMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Your family on Hearth was deleted',
    text: `Hi ${name},\n\nYour family on Hearth has been deleted, with everything it held: lists, recipes, the calendar, `
      + 'places and notes. Your account is still there, without a family; an invite from another family lets you '
      + `join it:\n\n${link}\n\nIf you did not expect this, ask the family's admin.\n`,
  };
}

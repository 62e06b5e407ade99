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

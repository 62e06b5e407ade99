import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { familyDefaults, familyMessages } from './family-rules.ts';
import { limits } from './limits.ts';
import { PermissionLevel } from './permissions.ts';

/*
 * The request fields of the family feature: the server's bodies and the forms' validation. Apart from the
 * endpoints, so the web's family forms bring them (and zod) in their own lazy chunk; family.ts re-exports them.
 */

const EmailText = z.string().trim().toLowerCase().max(254, familyMessages.invalidEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, familyMessages.invalidEmail);
const DateText = z.string().trim().refine((v) => v === '' || isCalendarDate(v), familyMessages.invalidDate);

// Forms send '' for an empty optional field; '' and null both mean "none".
/** On a create, a missing optional field means none too. */
const OptionalEmail = EmailText.nullish().transform((v) => v || null);
const OptionalBirthday = DateText.nullish().transform((v) => v || null);
/** On an update, a missing optional field keeps its value; '' or null clears it. */
const KeptEmail = EmailText.nullish().transform((v) => (v === undefined ? undefined : v || null));
const KeptBirthday = DateText.nullish().transform((v) => (v === undefined ? undefined : v || null));

export const MemberName = z.string().trim().min(1, familyMessages.nameRequired)
  .max(limits.nameMax, familyMessages.nameTooLong);

export const Color = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, familyMessages.invalidColor)
  .transform((v) => v.toLowerCase());

export const MemberNumber = z.number({ error: familyMessages.invalidMemberNumber })
  .int(familyMessages.invalidMemberNumber).min(1, familyMessages.invalidMemberNumber)
  .max(1_000_000, familyMessages.invalidMemberNumber);

/** The Add Family Member form and POST body. */
export const NewMember = z.object({
  name: MemberName,
  email: OptionalEmail,
  birthday: OptionalBirthday,
  permissionLevel: PermissionLevel.default(familyDefaults.permissionLevel),
  /** In the spec's payload; only null is accepted, since an account joins only by accepting an invitation. */
  userId: z.uuid({ error: familyMessages.joinByInvite }).nullish().transform((v) => v ?? null),
});

/** The PUT body: name is required; a missing email, birthday or permissionLevel is left unchanged. */
export const MemberUpdate = z.object({
  name: MemberName,
  email: KeptEmail,
  birthday: KeptBirthday,
  permissionLevel: PermissionLevel.optional(),
});

export const FamilyName = z.string().trim().min(1, familyMessages.familyNameRequired)
  .max(limits.familyNameMax, familyMessages.familyNameTooLong);

export const InviteRequest = z.object({ invitedEmail: OptionalEmail });
/** Body of setMemberOrder; named because the order form checks it before sending. */
export const MemberOrderRequest = z.array(z.object({ id: z.uuid({ error: familyMessages.memberNotFound }), memberNumber: MemberNumber }))
  .max(500)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, familyMessages.duplicateInOrder);
/** Body of setFamilyName; named because the rename form validates with it. */
export const FamilyNameRequest = z.object({ familyName: FamilyName });

/** Business constants shared by both sides (spec part 1 §9, part 2 §9). */
export const limits = {
  nameMax: 100,
  familyNameMax: 100,
  codeLength: 6,
  codeResendSeconds: 300,
  passwordMin: 8,
  inviteTokenDisplay: 8,
  redirectDelayMs: 3000,
  copyConfirmMs: 2000,
} as const;

export const storageKeys = { token: 'token', user: 'user', userCreatedAt: 'user_created_at' } as const;

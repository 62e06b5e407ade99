/** What the server answers when a caller lacks the family or the level a call needs. */
export const accessMessages = {
  noFamily: 'You are not a member of a family yet.',
  readOnly: 'Your permission level is read-only: you can view but not change this.',
  adminOnly: 'Only a family admin can do this.',
  familyNotFound: 'Family not found',
} as const;

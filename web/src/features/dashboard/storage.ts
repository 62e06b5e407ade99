/**
 * What the newsfeed remembers on this device (spec §2, §4: "remembered locally", "recorded locally"), per user,
 * so two people sharing a tablet each get their own banner and checklist.
 */

const bannerKey = (userId: string) => `hearth.newsfeed.aiBannerDismissed.${userId}`;
const onboardingKey = (userId: string) => `hearth.newsfeed.onboarding.${userId}`;

export interface OnboardingRecord {
  /** When this user first saw the checklist (ms since epoch). */
  firstSeenAt: number;
  list: boolean;
  invite: boolean;
}

export const newsfeedStorage = {
  bannerDismissed(userId: string): boolean {
    return localStorage.getItem(bannerKey(userId)) === '1';
  },
  dismissBanner(userId: string): void {
    localStorage.setItem(bannerKey(userId), '1');
  },
  /** The stored record, or a new one first seen now (not yet saved). */
  onboarding(userId: string, now: number): OnboardingRecord {
    try {
      const raw = JSON.parse(localStorage.getItem(onboardingKey(userId)) ?? 'null') as Partial<OnboardingRecord> | null;
      if (raw && typeof raw.firstSeenAt === 'number') {
        return { firstSeenAt: raw.firstSeenAt, list: raw.list === true, invite: raw.invite === true };
      }
    } catch {
      // A damaged record starts over.
    }
    return { firstSeenAt: now, list: false, invite: false };
  },
  saveOnboarding(userId: string, record: OnboardingRecord): void {
    localStorage.setItem(onboardingKey(userId), JSON.stringify(record));
  },
};

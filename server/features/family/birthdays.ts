import { birthdayAgeMax, birthdayTitle, type Birthday } from '@hearth/contract/family';

/** A member as far as birthdays go: their birthday is `YYYY-MM-DD`. */
export interface BirthdayOf {
  id: string;
  name: string;
  birthday: string;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The birthdays falling on local dates [from, to], by date then name. Each is a yearly all-day entry from
 * the first birthday after birth on (no entry on the day of birth itself); a February 29 birthday falls on
 * February 28 in other years, the last day of the month it was born in. One entry per member and year of the
 * window, so the answer is bounded by the family's size and the window's length.
 */
export function birthdaysIn(members: BirthdayOf[], from: string, to: string): Birthday[] {
  const firstYear = Number(from.slice(0, 4));
  const lastYear = Number(to.slice(0, 4));
  const found: Birthday[] = [];
  for (const member of members) {
    const born = Number(member.birthday.slice(0, 4));
    const monthDay = member.birthday.slice(5);
    for (let year = Math.max(firstYear, born + 1); year <= lastYear; year++) {
      const date = `${pad(year, 4)}-${monthDay === '02-29' && !isLeap(year) ? '02-28' : monthDay}`;
      if (date < from || date > to) continue;
      const age = year - born <= birthdayAgeMax ? year - born : null;
      found.push({ memberId: member.id, name: member.name, date, age, title: birthdayTitle(member.name, age) });
    }
  }
  return found.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

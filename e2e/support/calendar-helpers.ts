import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as calendar from '@hearth/contract/calendar';
import type { BodyInputOf } from '@hearth/contract/endpoint';
import { calendarTexts as t } from '../../web/src/features/calendar/texts.ts';
import { callApi } from './api.ts';
import { useSession, type ApiSession } from './session.ts';

// Wednesday 4 March 2026, 10:20 in New York (the family's default timezone): the page's clock in calendar tests.
export const now = new Date('2026-03-04T15:20:00Z');
export const today = '2026-03-04';

/** A date of a new family (timezone America/New_York), `days` after its today by the real clock (the server's). */
export function familyDate(days: number): string {
  const familyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date());
  return new Date(Date.parse(`${familyToday}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Opens /calendar signed in as `session`, with the page's clock at `now`. */
export async function openCalendar(page: Page, session: ApiSession, path = '/calendar') {
  await useSession(page, session);
  await page.clock.setFixedTime(now);
  await page.goto(path);
  // The page's first load brings FullCalendar's chunk: with two browsers on a busy 2-core machine it took over 10 s.
  await expect(page.getByRole('heading', { name: `${session.user.name}'s Family${t.headingSuffix}` }))
    .toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tablist', { name: 'Change view' })).toBeVisible();
}

export const eventsViaApi = (request: APIRequestContext, s: ApiSession, startDate: string, endDate: string) =>
  callApi(request, calendar.listEvents, { token: s.token, query: { startDate, endDate } });

export const eventViaApi = (request: APIRequestContext, s: ApiSession, body: BodyInputOf<typeof calendar.createEvent>) =>
  callApi(request, calendar.createEvent, { token: s.token, body });

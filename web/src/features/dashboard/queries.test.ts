import { expect, test } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { restoreStoredCopy } from '../../shared/offline/restore.ts';
import { newsfeedQuery } from './queries.ts';

test('a newsfeed copy stored by the app before meals carried their times is not shown', async () => {
  const before = new QueryClient();
  before.setQueryData(['dashboard', 'newsfeed'], {
    upcomingEvents: {}, groceryLists: [], recentComments: [],
    upcomingMeals: [{ id: 'm', title: 'Tacos', date: '2026-03-04', timeString: '18:00 - 19:00', location: null, attendeeIds: [], mealId: null }],
  });
  const now = new QueryClient();
  await restoreStoredCopy(now, { timestamp: Date.now(), buster: '', clientState: dehydrate(before) });
  expect(now.getQueryData(newsfeedQuery.queryKey)).toBeUndefined();
});

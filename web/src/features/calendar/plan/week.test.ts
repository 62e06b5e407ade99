import { describe, expect, it } from 'vitest';
import { mealsLabel, weekStartOf } from './week.ts';

describe('the planner\'s weeks', () => {
  it('start on the Monday of a date\'s week', () => {
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-04')).toBe('2026-03-02');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });

  it('name a line\'s meals with their days', () => {
    expect(mealsLabel([{ title: 'Tacos', date: '2026-03-03' }, { title: 'Chili', date: '2026-03-05' }])).toBe('Tacos (Tue), Chili (Thu)');
  });
});

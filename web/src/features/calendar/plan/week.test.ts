import { describe, expect, it } from 'vitest';
import { mealsLabel, weekStartOf } from './week.ts';

describe('the planner\'s weeks', () => {
  it('start on the Monday of a date\'s week when the family\'s weeks start on Monday', () => {
    expect(weekStartOf('2026-03-02', 1)).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08', 1)).toBe('2026-03-02');
    expect(weekStartOf('2026-03-04', 1)).toBe('2026-03-02');
    expect(weekStartOf('2027-01-01', 1)).toBe('2026-12-28');
  });

  it('start on the family\'s first day of week', () => {
    expect(weekStartOf('2026-03-08', 0)).toBe('2026-03-08');
    expect(weekStartOf('2026-03-07', 0)).toBe('2026-03-01');
    expect(weekStartOf('2026-03-04', 6)).toBe('2026-02-28');
    expect(weekStartOf('2026-03-07', 6)).toBe('2026-03-07');
  });

  it('name a line\'s meals with their days', () => {
    expect(mealsLabel([{ title: 'Tacos', date: '2026-03-03' }, { title: 'Chili', date: '2026-03-05' }])).toBe('Tacos (Tue), Chili (Thu)');
  });
});

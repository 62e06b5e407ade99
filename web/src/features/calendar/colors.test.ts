import { describe, expect, it } from 'vitest';
import { colors, contrast, eventColor, textOn } from './colors.ts';

const members = new Map([['ada', { color: '#0ea5e9' }], ['bob', { color: '#facc15' }]]);

describe('event colours', () => {
  it('are the first attendee\'s colour in the family\'s order; meals keep theirs; no attendee is the events\' blue', () => {
    expect(eventColor({ isMeal: false, attendeeIds: ['bob'] }, members)).toBe('#facc15');
    expect(eventColor({ isMeal: false, attendeeIds: ['bob', 'ada'] }, members)).toBe('#0ea5e9');
    expect(eventColor({ isMeal: false, attendeeIds: [] }, members)).toBe(colors.event);
    expect(eventColor({ isMeal: true, attendeeIds: ['ada'] }, members)).toBe(colors.meal);
    expect(eventColor({ isMeal: false, attendeeIds: ['gone'] }, members)).toBe(colors.member);
  });

  it('carry text that reads at AA on any colour a family may choose', () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const background = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          worst = Math.min(worst, contrast(background, textOn(background)));
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn(colors.meal)).toBe('#000000');
  });
});

import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone.ts';

/** Each STANDARD/DAYLIGHT part as `kind DTSTART from→to`. */
function parts(text: string): string[] {
  return [...text.matchAll(/BEGIN:(STANDARD|DAYLIGHT)\r\nDTSTART:(\S+)\r\nTZOFFSETFROM:(\S+)\r\nTZOFFSETTO:(\S+)/g)]
    .map(([, kind, start, from, to]) => `${kind} ${start} ${from}→${to}`);
}

describe('VTIMEZONE', () => {
  it('labels summer time DAYLIGHT in the north: New York starts the year in standard time', async () => {
    expect(parts(await vtimezone('America/New_York', 2026, 2026))).toEqual([
      'STANDARD 20260101T000000 -0500→-0500',
      'DAYLIGHT 20260308T020000 -0500→-0400',
      'STANDARD 20261101T020000 -0400→-0500',
    ]);
  });

  it('labels summer time DAYLIGHT in the south: Sydney starts the year in daylight time', async () => {
    expect(parts(await vtimezone('Australia/Sydney', 2026, 2026))).toEqual([
      'DAYLIGHT 20260101T000000 +1100→+1100',
      'STANDARD 20260405T030000 +1100→+1000',
      'DAYLIGHT 20261004T020000 +1000→+1100',
    ]);
  });

  it('has one STANDARD part for a zone without daylight time', async () => {
    expect(parts(await vtimezone('Asia/Tokyo', 2026, 2027))).toEqual(['STANDARD 20260101T000000 +0900→+0900']);
  });
});

/** Every page writes instants and days one way (29 Nov 2026, 01:54:53), not in the browser's locale format. */
import { describe, expect, it } from 'vitest';
import { dayText, instantText } from '../../dashboard/src/ui/when.js';

describe('instantText', () => {
  it('writes day, short month, year and the 24-hour time', () => {
    expect(instantText('2026-11-29T01:54:53Z', 'UTC')).toBe('29 Nov 2026, 01:54:53');
    expect(instantText('2026-03-05T13:04:05Z', 'UTC')).toBe('5 Mar 2026, 13:04:05');
  });
  it('in the zone given', () => {
    expect(instantText('2026-11-29T23:30:00Z', 'Asia/Tokyo')).toBe('30 Nov 2026, 08:30:00');
  });
});

describe('dayText', () => {
  it('writes day, short month and year, in the zone given', () => {
    expect(dayText('2026-11-29T01:54:53Z', 'UTC')).toBe('29 Nov 2026');
    expect(dayText('2026-11-29T23:30:00Z', 'Asia/Tokyo')).toBe('30 Nov 2026');
  });
});

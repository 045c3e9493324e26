import { describe, expect, it } from 'vitest';
import { count } from '../../dashboard/src/ui/count.js';

describe('dashboard counts', () => {
  it('groups thousands as the report email does, whatever the browser language', () => {
    expect(count(0)).toBe('0');
    expect(count(999)).toBe('999');
    expect(count(68235)).toBe('68,235');
    expect(count(1234567)).toBe('1,234,567');
  });
});

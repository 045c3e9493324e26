import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock, OffsetFileClock } from '../../src/domain/clock.js';

const dir = mkdtempSync(join(tmpdir(), 'lsk-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ManualClock', () => {
  it('moves only when told', () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:30.000Z');
  });
});

describe('OffsetFileClock', () => {
  it('adds the offset written in its file, read again on every call', () => {
    const file = join(dir, 'offset');
    writeFileSync(file, String(86_400_000));
    const clock = new OffsetFileClock(file);
    const ahead = clock.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(86_400_000 - 5_000);
    expect(ahead).toBeLessThanOrEqual(86_400_000);
    writeFileSync(file, '-3600000\n');
    expect(clock.now().getTime() - Date.now()).toBeLessThanOrEqual(-3_600_000 + 5);
  });

  it('is the system clock when the file is missing or does not hold a number', () => {
    const missing = new OffsetFileClock(join(dir, 'absent'));
    expect(Math.abs(missing.now().getTime() - Date.now())).toBeLessThan(5_000);
    const garbage = join(dir, 'garbage');
    writeFileSync(garbage, 'tomorrow');
    expect(Math.abs(new OffsetFileClock(garbage).now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});

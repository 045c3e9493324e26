import { readFileSync } from 'node:fs';

/** The one source of time. Tests move it; production reads the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(t: Date | number): void {
    this.t = typeof t === 'number' ? t : t.getTime();
  }
}

/**
 * For black-box tests of a real server process only (`LSK_TEST_CLOCK_FILE`): the system clock moved
 * by the number of milliseconds written in a file, read on every call so a test that rewrites the
 * file sees the new time at once (expiry, retries and key rotation without waiting). A missing or
 * unreadable file means no offset.
 */
export class OffsetFileClock implements Clock {
  constructor(private readonly path: string) {}
  now(): Date {
    let offset = 0;
    try {
      offset = Number(readFileSync(this.path, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
    return new Date(Date.now() + offset);
  }
}

export const DAY_MS = 86_400_000;

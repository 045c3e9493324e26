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

export const DAY_MS = 86_400_000;

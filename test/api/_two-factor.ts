/** Helpers of the second-factor suites: TOTP codes at the server's (moved) time. Not a test file. */
import { writeFileSync } from 'node:fs';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Lsk } from '../support/server.js';
import { post } from './_accounts.js';

/** The server's test clock (LSK_TEST_CLOCK_FILE): its offset, moved forward a TOTP step at a time so each code is fresh. */
export class TestClock {
  offset = 0;
  constructor(private readonly file: string) {
    writeFileSync(file, '0');
  }
  move(ms: number): void {
    this.offset += ms;
    writeFileSync(this.file, String(this.offset));
  }
  /** On to the next 30-second step (a code of the step before counts as used once it was). */
  nextStep(): void {
    this.move(30_000);
  }
  nowMs(): number {
    return Date.now() + this.offset;
  }
}

/** The code an authenticator app shows at the server's time (`steps` away from it). */
export function totp(secret: string, clock: TestClock, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.nowMs() / 1000) + steps * 30 });
}

/** Set up and turn on TOTP for a signed-in account: its secret and recovery codes. */
export async function enableTotp(lsk: Lsk, cookie: string, clock: TestClock): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post(lsk, '/auth/2fa/setup', undefined, { cookie });
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.body.secret as string;
  const on = await post(lsk, '/auth/2fa/enable', { code: await totp(secret, clock) }, { cookie });
  expect(on.status, on.text).toBe(200);
  clock.nextStep();
  return { secret, recoveryCodes: on.body.recovery_codes };
}

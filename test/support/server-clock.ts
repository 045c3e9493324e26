/**
 * The clock of a server under test (LSK_TEST_CLOCK_FILE): an offset in ms from the real time, in a
 * file the server reads on every call, so a test moves the server's time at once instead of waiting.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerClock {
  /** Pass to startLsk's env. */
  env: { LSK_TEST_CLOCK_FILE: string };
  /** Sets the server's time to the real time plus `offsetMs`. */
  moveTo(offsetMs: number): void;
  /** Moves the server's time 1 ms on: the next write is strictly later than the last one. */
  tick(): void;
  /** Removes the file (the server then runs on the real time). */
  remove(): void;
}

export function serverClock(): ServerClock {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-clock-'));
  const file = join(dir, 'offset-ms');
  let offset = 0;
  const moveTo = (offsetMs: number) => {
    offset = offsetMs;
    writeFileSync(file, String(offsetMs));
  };
  moveTo(0);
  return {
    env: { LSK_TEST_CLOCK_FILE: file },
    moveTo,
    tick: () => moveTo(offset + 1),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

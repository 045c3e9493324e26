import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { expectError } from './_assert.js';

const HOUR = 3_600_000;

describe.each(STORES)('time moved by LSK_TEST_CLOCK_FILE on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-clock-'));
  const clockFile = join(dir, 'offset-ms');
  const moveTo = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    moveTo(0);
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile } });
    api = client(lsk.base, await lsk.workspace('clock'));
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a key once the server clock passes its expiry (90 days by default)', async () => {
    moveTo(0);
    expect((await api('GET', '/v1/links')).status).toBe(200);
    moveTo(91 * 24 * HOUR);
    expectError(await api('GET', '/v1/links'), 401, 'key_expired');
  });
});

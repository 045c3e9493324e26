/**
 * Destination health on two lsk processes sharing one MongoDB (FerretDB, which is not atomic): every
 * check is claimed by a unique insert, so each due link is checked by exactly one instance, round
 * after round. Time moves through LSK_TEST_CLOCK_FILE (a whole interval at once), not by waiting.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargets, type Targets } from '../support/health-targets.js';
import { client, freshDatabaseUrl, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const LINKS = 40;
const HOUR = 3_600_000;

describe('health checks on two instances sharing one MongoDB', () => {
  let a: Lsk;
  let b: Lsk;
  let targets: Targets;
  let dir: string;
  let clockFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lsk-clock-'));
    clockFile = join(dir, 'offset');
    writeFileSync(clockFile, '0');
    targets = await startTargets();
    const db = freshDatabaseUrl('mongodb');
    const env = { LSK_TEST_CLOCK_FILE: clockFile, LSK_HEALTH_INTERVAL_H: '1', LSK_HEALTH_ALLOW_PRIVATE: '127.0.0.1/32' };
    a = await startLsk('mongodb', { databaseUrl: db.url, env });
    b = await startLsk('mongodb', { databaseUrl: db.url, env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await targets?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Target requests made by one instance (answered or not). */
  const made = async (lsk: Lsk) => {
    const text = await (await fetch(`${lsk.base}/metrics`)).text();
    const count = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    return count('lsk_health_checks_ok_total') + count('lsk_health_checks_failed_total');
  };

  it('checks each link exactly once per interval, whichever instance claims it', async () => {
    const api = client(a.base, await a.workspace('leases', ['--rpm', '100000']));
    for (let i = 0; i < LINKS; i++) expect((await api('POST', '/v1/links', { destination: `${targets.base}/page-${i}` })).status).toBe(201);
    expect(targets.hits.size).toBe(0); // each is due at its own place in the coming hour

    for (let round = 1; round <= 2; round++) {
      writeFileSync(clockFile, String(round * HOUR));
      const total = await waitFor(
        async () => (await made(a)) + (await made(b)),
        (n) => n >= round * LINKS,
        // 40 checks paced 250 ms apart on one host, each a few FerretDB writes: minutes on a loaded machine.
        { timeout: 120_000, what: `round ${round}` },
      );
      // Every page hit exactly `round` times; a failure lists each page that was not, and both instances' logs' warnings.
      const off = Object.fromEntries(
        Array.from({ length: LINKS }, (_, i) => [`/page-${i}`, targets.hits.get(`/page-${i}`) ?? 0]).filter(([, n]) => n !== round),
      );
      const warnings = [a, b].flatMap((x) =>
        x
          .output()
          .split('\n')
          .filter((l) => /"level":(40|50)/.test(l)),
      );
      expect({ total, off }, warnings.join('\n').slice(0, 4000)).toEqual({ total: round * LINKS, off: {} });
    }
    const views = await api('GET', '/v1/links?limit=100');
    expect(views.body.data.every((l: { destination_health: { status: string } }) => l.destination_health.status === 'ok')).toBe(true);
  }, 300_000);
});

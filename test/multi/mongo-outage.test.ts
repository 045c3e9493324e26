import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FerretDbProcess, startFerretDbAt } from '../support/ferretdb.js';
import { ensureFerretDbBinary } from '../support/mongo.js';
import { client, freePort, type Lsk, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

/**
 * lsk on a MongoDB (a FerretDB of its own) that stops answering (SIGSTOP), then goes away (SIGKILL)
 * and comes back on the same port and data (docs/adr/0022): cached links keep redirecting, the API
 * and /readyz answer 503 `unavailable` within about 2.5 s, clicks wait in memory and are written
 * after recovery. The server's clock is moved through LSK_TEST_CLOCK_FILE to age cached entries.
 */
describe('a MongoDB outage', () => {
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const dir = mkdtempSync(join(tmpdir(), 'lsk-outage-'));
  const clockFile = join(dir, 'clock');
  let offsetMs = 0;
  let bin: string;
  let port: number;
  let db: FerretDbProcess;
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let linkId: string;

  const moveClock = (ms: number) => {
    offsetMs += ms;
    writeFileSync(clockFile, String(offsetMs));
  };
  const go = () => visit(lsk.base, '/spring', { host: 'sho.rt', 'user-agent': UA });
  const timed = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await call();
    return [value, performance.now() - started];
  };
  const readyz = () => fetch(`${lsk.base}/readyz`).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string } } }));
  const until = <T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => waitFor(probe, ok, { timeout: ms, interval: 100 });
  const storedClicks = (want: number) =>
    until(
      () => api('GET', `/v1/links/${linkId}`).then((r) => (r.status === 200 ? (r.body.clicks as number) : -1)),
      (n) => n === want,
    );

  /** What every API surface and /readyz answer while the database is out, and how fast. */
  async function expectUnavailable(): Promise<void> {
    const [rest, restMs] = await timed(() => api('GET', `/v1/links/${linkId}`));
    expect(rest.status).toBe(503);
    expect(rest.body.error.code).toBe('unavailable');
    expect(restMs).toBeLessThan(3000);
    const [gql, gqlMs] = await timed(() => api('POST', '/graphql', { query: `{ link(id: "${linkId}") { id clicks } }` }));
    expect(gql.status).toBe(503);
    expect(gql.body.errors[0].extensions.code).toBe('unavailable');
    expect(gqlMs).toBeLessThan(3000);
    const [ready, readyMs] = await timed(readyz);
    expect(ready.status).toBe(503);
    expect(ready.body.error?.code).toBe('unavailable');
    expect(readyMs).toBeLessThan(3000);
    expect((await fetch(`${lsk.base}/healthz`)).status).toBe(200);
  }

  beforeAll(async () => {
    bin = await ensureFerretDbBinary();
    port = await freePort();
    db = await startFerretDbAt(bin, dir, port);
    lsk = await startLsk('mongodb', {
      databaseUrl: `${db.uri}lsk_outage`,
      env: { LSK_DEFAULT_DOMAIN: 'sho.rt', LSK_TEST_CLOCK_FILE: clockFile, LSK_STALE_MAX_S: '30' },
    });
    api = client(lsk.base, await lsk.workspace('outage', ['--rpm', '100000']));
    const created = await api('POST', '/v1/links', { destination: 'https://example.com/spring', alias: 'spring' });
    expect(created.status).toBe(201);
    linkId = created.body.id;
    expect((await go()).status).toBe(302); // now cached
    expect(await storedClicks(1)).toBe(1);
  });

  afterAll(async () => {
    db?.child.kill('SIGCONT');
    await lsk?.stop();
    await db?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stopped (SIGSTOP): cached links redirect, the API and /readyz answer 503 within 3 s; after SIGCONT the clicks are written', async () => {
    db.child.kill('SIGSTOP');
    // At once: the calls wait until the driver's check of the server fails (about 2.5 s at most).
    await expectUnavailable();
    moveClock(5_000); // past the 2 s freshness of the cached link
    const first = await go();
    expect(first.status).toBe(302);
    expect(first.location).toBe('https://example.com/spring');
    for (let i = 0; i < 4; i++) expect((await go()).status).toBe(302);

    db.child.kill('SIGCONT');
    expect((await until(readyz, (r) => r.status === 200)).status).toBe(200);
    expect(await storedClicks(6)).toBe(6);
    expect((await api('GET', `/v1/links/${linkId}`)).status).toBe(200);
  });

  it('gone (SIGKILL): cached links redirect up to LSK_STALE_MAX_S after their last read; after a restart the clicks are written', async () => {
    db.child.kill('SIGKILL');
    await new Promise((r) => (db.child.exitCode === null && db.child.signalCode === null ? db.child.once('exit', r) : r(null)));
    moveClock(5_000);
    for (let i = 0; i < 3; i++) expect((await go()).status).toBe(302);
    await expectUnavailable();

    // 31 s on: older than LSK_STALE_MAX_S=30, the entry is no longer served.
    moveClock(31_000);
    const tooOld = await visit(lsk.base, '/spring', { host: 'sho.rt', 'user-agent': UA, accept: 'application/json' });
    expect(tooOld.status).toBe(503);
    expect(JSON.parse(tooOld.body).error.code).toBe('unavailable');

    db = await startFerretDbAt(bin, dir, port);
    expect((await until(readyz, (r) => r.status === 200)).status).toBe(200);
    expect((await go()).status).toBe(302);
    expect(await storedClicks(10)).toBe(10);
    const metrics = await fetch(`${lsk.base}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/^lsk_redirect_stale_total [1-9]/m);
    expect(metrics).toMatch(/^lsk_clicks_dropped_total 0$/m);
  });
});

/**
 * The pieces of the health checker that need no store: where each link falls in the interval, the
 * verdict of a check, the per-host pace (on fake timers), the probe cache and the probe's redirect rules.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { judge } from '../../src/health/judge.js';
import { HostPacer } from '../../src/health/pacer.js';
import { type ProbeResult, probe } from '../../src/health/probe.js';
import { ProbeCache } from '../../src/health/probe-cache.js';
import { nextCheckAt, phaseOf, REMEMBERED_TARGETS_CHARS, targetsKey } from '../../src/health/schedule.js';

const HOUR = 3_600_000;
const T = Date.parse('2026-11-26T10:00:00.000Z');

describe('the schedule', () => {
  it('puts each link at a fixed place in the interval, its next check within one interval', () => {
    for (let i = 0; i < 200; i++) {
      const id = `lnk_${i}`;
      const next = nextCheckAt(id, T, 24 * HOUR);
      expect(next).toBeGreaterThan(T);
      expect(next).toBeLessThanOrEqual(T + 24 * HOUR);
      expect((next - phaseOf(id, 24 * HOUR)) % (24 * HOUR)).toBe(0);
      expect(nextCheckAt(id, next, 24 * HOUR)).toBe(next + 24 * HOUR);
    }
  });

  it('spreads links evenly over the interval', () => {
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) buckets[Math.floor(phaseOf(`lnk_${i}`, HOUR) / (HOUR / 10))]++;
    for (const b of buckets) expect(b).toBeGreaterThan(850);
  });

  it('gives the same targets the same key, and any change of one another', () => {
    const base = { destination: 'https://a.example/', geoTargeting: { DE: 'https://a.example/de' } };
    expect(targetsKey(base)).toBe(targetsKey({ ...base }));
    expect(targetsKey(base)).not.toBe(targetsKey({ ...base, expiredUrl: 'https://a.example/gone' }));
    expect(targetsKey(base)).not.toBe(targetsKey({ ...base, geoTargeting: { FR: 'https://a.example/de' } }));
  });

  it('keys a list by the SHA-256 of its lines, remembered or not, short or long, after evictions too', () => {
    // The stored states' keys: what a key was before it was remembered, it must stay.
    const keyOfLines = (lines: string[]) => createHash('sha256').update(lines.join('\n')).digest('base64url').slice(0, 16);
    const base = { destination: 'https://a.example/', geoTargeting: { DE: 'https://a.example/de' } };
    const lines = ['destination https://a.example/', 'geo_targeting.DE https://a.example/de'];
    expect(targetsKey(base)).toBe(keyOfLines(lines));
    expect(targetsKey({ ...base })).toBe(keyOfLines(lines));
    const long = `https://a.example/${'p'.repeat(REMEMBERED_TARGETS_CHARS)}`;
    expect(targetsKey({ destination: long })).toBe(keyOfLines([`destination ${long}`]));
    expect(targetsKey({ destination: long })).toBe(keyOfLines([`destination ${long}`]));
    for (let i = 0; i < 5000; i++) expect(targetsKey({ destination: `https://b.example/${i}` })).toBe(keyOfLines([`destination https://b.example/${i}`]));
    for (let i = 0; i < 5000; i += 7) expect(targetsKey({ destination: `https://b.example/${i}` })).toBe(keyOfLines([`destination https://b.example/${i}`]));
    expect(targetsKey(base)).toBe(keyOfLines(lines));
  });
});

describe('a check verdict', () => {
  const target = (path: string) => ({ path, url: `https://x.example/${path}` });
  const at = new Date(T);
  const ok = [{ target: target('destination'), result: { status: 200, error: null } }];
  const gone = [{ target: target('destination'), result: { status: 404, error: null } }];
  const state = (status: 'ok' | 'broken' | 'unknown', failures: number) => ({
    linkId: 'l',
    workspaceId: 'w',
    targetsKey: 'k',
    status,
    httpStatus: null,
    checkedAt: at,
    failures,
    error: null,
    failedUrl: null,
  });

  it('needs two failures in a row for broken, and announces each change once', () => {
    expect(judge(gone, null, at)).toMatchObject({ state: { status: 'unknown', failures: 1, httpStatus: 404 }, event: null });
    expect(judge(gone, state('ok', 0), at)).toMatchObject({ state: { status: 'ok', failures: 1 }, event: null });
    expect(judge(gone, state('ok', 1), at)).toMatchObject({ state: { status: 'broken', failures: 2 }, event: 'link.broken' });
    expect(judge(gone, state('broken', 2), at)).toMatchObject({ state: { status: 'broken', failures: 3 }, event: null });
    expect(judge(ok, state('broken', 3), at)).toMatchObject({ state: { status: 'ok', failures: 0, httpStatus: 200 }, event: 'link.recovered' });
    expect(judge(ok, state('unknown', 1), at)).toMatchObject({ state: { status: 'ok' }, event: null });
  });

  it('counts 401, 403 and 429 as there, and no answer, 410 and 5xx as failing', () => {
    for (const status of [200, 204, 401, 403, 429, 400])
      expect(judge([{ target: target('destination'), result: { status, error: null } }], null, at).state.failures).toBe(0);
    for (const status of [404, 410, 500, 503])
      expect(judge([{ target: target('destination'), result: { status, error: null } }], null, at).state.failures).toBe(1);
    expect(judge([{ target: target('destination'), result: { status: null, error: 'no answer within 10 s' } }], null, at).state.error).toBe(
      'destination: no answer within 10 s',
    );
  });
});

describe('the per-host pace', () => {
  afterEach(() => vi.useRealTimers());

  it('starts requests to one host one at a time, 250 ms apart, other hosts at once, never more than the bound in flight', async () => {
    vi.useFakeTimers({ now: T });
    const pacer = new HostPacer(250, 2);
    const starts: [string, number][] = [];
    let inFlight = 0;
    let most = 0;
    const job = (host: string) =>
      pacer.run(host, async () => {
        starts.push([host, Date.now() - T]);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 100));
        inFlight--;
      });
    const all = Promise.all([job('a'), job('a'), job('a'), job('b'), job('c')]);
    await vi.runAllTimersAsync();
    await all;
    const a = starts.filter(([h]) => h === 'a').map(([, t]) => t);
    expect(a).toEqual([0, 250, 500]);
    expect(most).toBe(2);
    expect(starts).toHaveLength(5);
    expect(pacer.running).toBe(0);
  });
});

describe('the probe cache', () => {
  it('answers a URL probed lately or under way without a request, counts those answers, and probes again after its window', async () => {
    let now = T;
    const cache = new ProbeCache(10 * 60_000, () => now);
    let requests = 0;
    const answer: ProbeResult = { status: 200, error: null };
    const request = () => {
      requests++;
      return Promise.resolve(answer);
    };
    const first = cache.get('https://a.example/', request);
    expect(await cache.get('https://a.example/', request)).toBe(await first); // under way, then answered
    await cache.get('https://b.example/', request);
    expect({ requests, shared: cache.shared }).toEqual({ requests: 2, shared: 1 });
    now += 10 * 60_000;
    await cache.get('https://a.example/', request);
    expect({ requests, shared: cache.shared }).toEqual({ requests: 3, shared: 1 });
  });
});

describe('the probe', () => {
  it('follows at most 5 redirects, and refuses a redirect to another scheme', async () => {
    const server = createServer((req, res) => {
      const n = Number((req.url ?? '/0').slice(1));
      if (req.url === '/ftp') return void res.writeHead(302, { location: 'ftp://x.example/' }).end();
      res.writeHead(302, { location: `/${n + 1}` }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await probe(`${base}/0`, { allowPrivate: true })).toEqual({ status: null, error: 'more than 5 redirects' });
      expect(await probe(`${base}/ftp`, { allowPrivate: true })).toEqual({ status: 302, error: 'redirects to a ftp: URL' });
      expect((await probe(`${base}/0`, { allowPrivate: false })).error).toMatch(/^refused: 127\.0\.0\.1 is a loopback/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

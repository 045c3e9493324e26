/**
 * The per-field limits (graphql-rate-limit on the counters, docs/adr/0222) under parallel calls:
 * parallel aliases of one field, parallel requests of a workspace, and two instances sharing a
 * store pass exactly the limit, and the store counts every call that passed.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import type { LskError } from '../../src/domain/errors.js';
import { createFieldLimiter, FIELD_LIMITS, type FieldLimiter } from '../../src/limits/field-limits.js';
import type { CountersRepository } from '../../src/storage/counters/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { type OpenedStore, openStore, STORE_KINDS } from './_harness.js';

/** What the limiter reads of a resolver's info: the field's name. */
const field = (fieldName: string) => ({ fieldName }) as GraphQLResolveInfo;
const workspace = (id: string) => ({ principal: { workspace: { id } } });

/** How many of the calls passed; every other one must be refused rate_limited. */
async function passed(calls: Promise<void>[]): Promise<number> {
  const results = await Promise.allSettled(calls);
  for (const r of results) {
    if (r.status === 'rejected') expect((r.reason as LskError).code).toBe('rate_limited');
  }
  return results.filter((r) => r.status === 'fulfilled').length;
}

/** The store's own counters, with the reads and writes they serve counted. */
function counted(counters: CountersRepository) {
  const n = { reads: 0, writes: 0 };
  const wrapped: CountersRepository = Object.assign(Object.create(counters) as CountersRepository, {
    get(key: string) {
      n.reads++;
      return counters.get(key);
    },
    cas(key: string, expected: number | null, value: string) {
      n.writes++;
      return counters.cas(key, expected, value);
    },
  });
  return { counters: wrapped, n };
}

describe.each(STORE_KINDS)('per-field limits on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  async function instances(): Promise<[FieldLimiter, FieldLimiter, Repositories]> {
    opened = await openStore(kind);
    const second: Repositories = kind === 'mongodb' ? await opened.again() : opened.repos;
    return [createFieldLimiter(opened.repos.counters), createFieldLimiter(second.counters), opened.repos];
  }

  // 650 analytics calls against its 600; on FerretDB (a store round trip or two per call, in turn) 150 linkStats calls against its 120.
  const burst = kind === 'sqlite' ? { name: 'analytics' as const, calls: 650 } : { name: 'linkStats' as const, calls: 150 };

  it(`passes exactly the limit of ${burst.calls} parallel ${burst.name} calls, and counts each one that passed`, async () => {
    const [limit, , repos] = await instances();
    const max = FIELD_LIMITS[burst.name].max;
    const call = () => limit(workspace('wsp_a'), field(burst.name), {}, FIELD_LIMITS[burst.name]);
    const started = Date.now();
    expect(await passed(Array.from({ length: burst.calls }, call))).toBe(max);
    const stored = JSON.parse((await repos.counters.get(`fl:wsp_a:${burst.name}`))!.value) as number[];
    expect(stored).toHaveLength(max);
    // Full now: the next call is refused, with the wait until the oldest call leaves the minute (the
    // calls took their turns: on FerretDB a few seconds went by since the first).
    const refused = await call().catch((e: LskError) => e);
    const elapsed = Math.ceil((Date.now() - started) / 1000);
    expect(refused).toMatchObject({ code: 'rate_limited' });
    expect((refused as LskError).retryAfter).toBeGreaterThanOrEqual(60 - elapsed);
    expect((refused as LskError).retryAfter).toBeLessThanOrEqual(60);
  }, 60_000);

  it('passes exactly the limit between two instances sharing the store, and keeps workspaces and fields apart', async () => {
    const [a, b] = await instances();
    const burst = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b)(workspace('wsp_b'), field('createKey'), {}, FIELD_LIMITS.createKey));
    const other = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? b : a)(workspace('wsp_c'), field('createKey'), {}, FIELD_LIMITS.createKey));
    const stats = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b)(workspace('wsp_b'), field('linkStats'), {}, FIELD_LIMITS.linkStats));
    const [n, m, s] = await Promise.all([passed(burst), passed(other), passed(stats)]);
    expect(n).toBe(FIELD_LIMITS.createKey.max);
    expect(m).toBe(8);
    expect(s).toBe(8);
    expect(await passed([a(workspace('wsp_b'), field('createKey'), {}, FIELD_LIMITS.createKey)])).toBe(0);
  }, 60_000);

  it('refuses at once, unread, the calls beyond the limit already waiting; a refusal writes nothing', async () => {
    opened = await openStore(kind);
    const { counters, n } = counted(opened.repos.counters);
    const limit = createFieldLimiter(counters);
    const { max } = FIELD_LIMITS.createKey;
    const call = () => limit(workspace('wsp_q'), field('createKey'), {}, FIELD_LIMITS.createKey);
    const all = Array.from({ length: max + 15 }, call);
    const results = await Promise.allSettled(all);
    expect(await passed(all)).toBe(max);
    // The 15 beyond the 10 waiting were refused before any read: Retry-After 1 s.
    expect(results.slice(max).map((r) => r.status === 'rejected' && (r.reason as LskError).retryAfter)).toEqual(Array(15).fill(1));
    expect(n).toEqual({ reads: max, writes: max });
    // Full: the next call is refused by the limiter with no write (its read, and one for Retry-After).
    await expect(call()).rejects.toMatchObject({ code: 'rate_limited' });
    expect(n).toEqual({ reads: max + 2, writes: max });
    expect(JSON.parse((await opened.repos.counters.get('fl:wsp_q:createKey'))!.value)).toHaveLength(max);
  }, 60_000);
});

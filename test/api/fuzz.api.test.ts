/**
 * Fuzzing the running server (SQLite): random and malformed JSON, headers, paths, methods, GraphQL
 * documents and variables. Bounded (~3000 requests) and reproducible: the seed is printed; rerun
 * with LSK_FUZZ_SEED=<seed> (and LSK_FUZZ_REQUESTS=<n> to change the budget).
 *
 * Invariants: never a 500 / internal_error; every error carries a contract code with its status;
 * the process stays up and healthy; no partial writes (the link count moves only by the successes
 * seen, links whose writes failed are byte-for-byte unchanged, another workspace is never touched).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectLinkShape } from './_assert.js';
import { randomGraphQL } from './_fuzz-graphql.js';
import {
  HOST_POOL,
  prng,
  randomHeaders,
  randomJsonText,
  randomLinkBody,
  randomPath,
  randomScalar,
  randomString,
  randomValue,
  TAG_POOL,
} from './_fuzz-random.js';
import { fuzzSender } from './_fuzz-send.js';

const SEED = Number(process.env.LSK_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;
const REQUESTS = Number(process.env.LSK_FUZZ_REQUESTS ?? 3000);
/** Wall-clock cap on the request loop (a loaded machine sends fewer of the same sequence). */
const BUDGET_MS = Number(process.env.LSK_FUZZ_BUDGET_MS ?? 35_000);

describe('fuzzing the running server (sqlite)', () => {
  let lsk: Lsk;
  let key: string;
  let api: ReturnType<typeof client>;
  let bystander: ReturnType<typeof client>;
  let bystanderLink: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Links the fuzzer may change (PATCH) but never delete; their expected state follows the successes seen. */
  const sentinels = new Map<string, any>(); // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    console.log(`fuzz seed: ${SEED} (reproduce with LSK_FUZZ_SEED=${SEED}), ${REQUESTS} requests`);
    lsk = await startLsk('sqlite');
    key = await lsk.workspace('fuzz', BIG_PLAN);
    api = client(lsk.base, key);
    bystander = client(lsk.base, await lsk.workspace('bystander', BIG_PLAN));
    bystanderLink = await createLink(bystander, { destination: 'https://bystander.example/', alias: 'bystander', tags: ['theirs'] });
    for (let i = 0; i < 4; i++) {
      const l = await createLink(api, {
        destination: `https://example.com/sentinel/${i}`,
        alias: `sentinel-${i}`,
        tags: [`sentinel-${i}`],
        geo_targeting: { DE: 'https://example.de/' },
      });
      sentinels.set(l.id, l);
    }
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  it('never answers 500, always with a contract code, keeps running and never writes partially', { timeout: 120_000 }, async () => {
    const r = prng(SEED);
    const failures: string[] = [];
    const initialCount = (await allLinks(api)).length;
    let created = 0;
    let deleted = 0;
    /** Links created by a GraphQL createLink whose selection had no id (e.g. `{ __typename }`): counted, ids unknown. */
    let unseenCreates = 0;
    const fuzzIds: string[] = [];
    const sentinelIds = [...sentinels.keys()];
    const foreignIds = [bystanderLink.id, 'lnk_doesnotexist0000000', 'key_x', '__proto__', 'constructor'];
    const stats = new Map<number, number>();
    /** Every request that named a link id, per id (for the report when a link goes astray). */
    const history = new Map<string, string[]>();
    const remember = (text: string, entry: string) => {
      for (const m of text.matchAll(/lnk_[0-9A-Za-z]{20}/g)) history.set(m[0], [...(history.get(m[0]) ?? []), entry]);
    };

    const send = fuzzSender(lsk.base, failures, stats, remember);

    const started = Date.now();
    let sent = 0;
    for (let i = 0; i < REQUESTS && Date.now() - started < BUDGET_MS; i++, sent++) {
      const kind = r.int(100);
      if (kind < 22) {
        // POST /v1/links
        const body = randomJsonText(r, r.chance(0.9) ? randomLinkBody(r, true) : randomValue(r));
        const res = await send(i, 'POST', '/v1/links', randomHeaders(r, key, true), body);
        if (res?.status === 201) {
          created++;
          fuzzIds.push(res.json.id);
        }
      } else if (kind < 36) {
        // PATCH /v1/links/{id}: sentinels (never with tags, so tag operations cannot reach them), fuzz links, foreign or random ids.
        const which = r.int(4);
        const id =
          which === 0
            ? r.pick(sentinelIds)
            : which === 1 && fuzzIds.length
              ? r.pick(fuzzIds)
              : which === 2
                ? r.pick(foreignIds)
                : encodeURIComponent(randomString(r, 10)) || 'x';
        const isSentinel = sentinels.has(id);
        const value = r.chance(0.9) ? randomLinkBody(r, !isSentinel) : randomValue(r);
        if (isSentinel && value && typeof value === 'object' && !Array.isArray(value)) delete (value as Record<string, unknown>).tags;
        let body = randomJsonText(r, value);
        if (isSentinel && /tags/.test(body)) body = '{"tags": 5}';
        const res = await send(i, 'PATCH', `/v1/links/${id}`, randomHeaders(r, key, true), body);
        if (res?.status === 200 && isSentinel) sentinels.set(id, res.json);
        if (res?.status === 200 && !isSentinel && !fuzzIds.includes(id)) failures.push(`#${i} PATCH of a foreign or unknown link ${id} succeeded`);
      } else if (kind < 44) {
        // GET /v1/links with random query strings
        const params: string[] = [];
        for (let n = r.int(4); n > 0; n--) {
          const name = r.pick(['limit', 'cursor', 'tag', 'domain', 'q', 'from', 'x', '__proto__', 'limit']);
          const value = r.pick([
            String(r.int(150) - 20),
            randomString(r, 10),
            r.pick(TAG_POOL),
            r.pick(HOST_POOL),
            'eyJhIjoxfQ',
            Buffer.from(JSON.stringify(randomValue(r)) ?? '').toString('base64url'),
          ]);
          params.push(`${encodeURIComponent(name)}=${r.chance(0.9) ? encodeURIComponent(value) : value.replace(/[#\s]/g, '')}`);
        }
        await send(i, r.chance(0.9) ? 'GET' : 'HEAD', `/v1/links${params.length ? `?${params.join('&')}` : ''}`, randomHeaders(r, key, false));
      } else if (kind < 52) {
        // GET / DELETE a link, its stats
        const id =
          r.chance(0.4) && fuzzIds.length
            ? r.pick(fuzzIds)
            : r.chance(0.5)
              ? r.pick([...sentinelIds, ...foreignIds])
              : encodeURIComponent(randomString(r, 10)) || 'x';
        const op = r.int(3);
        if (op === 0 && !sentinels.has(id)) {
          const res = await send(i, 'DELETE', `/v1/links/${id}`, randomHeaders(r, key, false));
          if (res?.status === 204) {
            if (fuzzIds.includes(id)) {
              deleted++;
              fuzzIds.splice(fuzzIds.indexOf(id), 1);
            } else failures.push(`#${i} DELETE of a foreign or unknown link ${id} succeeded`);
          }
        } else if (op === 1) {
          const q = r.chance(0.5)
            ? `?from=${encodeURIComponent(r.pick(['2026-01-01', '2026-02-30', randomString(r, 8), '0000-00-00', '9999-12-31']))}&to=${encodeURIComponent(r.pick(['2026-01-31', '1970-01-01', randomString(r, 6), '2026-12-31']))}`
            : '';
          await send(i, 'GET', `/v1/links/${id}/stats${q}`, randomHeaders(r, key, false));
        } else {
          await send(i, 'GET', `/v1/links/${id}`, randomHeaders(r, key, false));
        }
      } else if (kind < 60) {
        // Tags: list, rename/merge, delete (never the sentinels' tags)
        const name = r.chance(0.7) ? r.pick(TAG_POOL) : randomString(r, 12) || 'x';
        const op = r.int(3);
        if (op === 0) await send(i, 'GET', '/v1/tags', randomHeaders(r, key, false));
        else if (op === 1)
          await send(
            i,
            'PATCH',
            `/v1/tags/${encodeURIComponent(name)}`,
            randomHeaders(r, key, true),
            randomJsonText(r, r.chance(0.8) ? { name: r.chance(0.6) ? r.pick(TAG_POOL) : randomScalar(r) } : randomValue(r)),
          );
        else await send(i, 'DELETE', `/v1/tags/${encodeURIComponent(name)}`, randomHeaders(r, key, false));
      } else if (kind < 66) {
        // Domains and keys (revoking only random ids: the fuzzer's own key must live)
        const op = r.int(5);
        if (op === 0)
          await send(
            i,
            'POST',
            '/v1/domains',
            randomHeaders(r, key, true),
            randomJsonText(r, r.chance(0.8) ? { host: r.chance(0.7) ? r.pick(HOST_POOL) : randomScalar(r) } : randomValue(r)),
          );
        else if (op === 1) await send(i, 'DELETE', `/v1/domains/${encodeURIComponent(r.pick(HOST_POOL))}`, randomHeaders(r, key, false));
        else if (op === 2)
          await send(i, 'POST', '/v1/keys', randomHeaders(r, key, true), randomJsonText(r, r.chance(0.8) ? { name: randomScalar(r) } : randomValue(r)));
        else if (op === 3)
          await send(
            i,
            'DELETE',
            `/v1/keys/${encodeURIComponent(r.chance(0.5) ? `key_${randomString(r, 20)}` : randomString(r, 10)) || 'x'}`,
            randomHeaders(r, key, false),
          );
        else await send(i, 'GET', r.pick(['/v1/keys', '/v1/domains', '/v1/workspace']), randomHeaders(r, key, false));
      } else if (kind < 84) {
        // GraphQL
        const plan = randomGraphQL(r, fuzzIds, foreignIds);
        let res: Awaited<ReturnType<typeof send>>;
        if (r.chance(0.95)) res = await send(i, 'POST', '/graphql', randomHeaders(r, key, true, true), plan.body);
        else {
          let query = plan.body;
          try {
            query = String((JSON.parse(plan.body) as { query?: unknown }).query);
          } catch {
            // keep the broken text as the query
          }
          res = await send(i, 'GET', `/graphql?query=${encodeURIComponent(query)}`, randomHeaders(r, key, false, true));
        }
        const data = res?.json?.data;
        const forgetDeleted = (id: string | undefined) => {
          deleted++;
          if (id !== undefined && fuzzIds.includes(id)) fuzzIds.splice(fuzzIds.indexOf(id), 1);
          else failures.push(`#${i} GraphQL deleteLink removed ${id}, not a link of the fuzzer`);
        };
        if (data && typeof data === 'object') {
          for (const [alias, field] of plan.fields) {
            const v = data[alias];
            if (field.name === 'createLink' && v && typeof v === 'object') {
              if (typeof v.id === 'string') {
                created++;
                fuzzIds.push(v.id);
              } else unseenCreates++;
            }
            if (field.name === 'deleteLink' && v === true) forgetDeleted(field.id);
            if (field.name === 'updateLink' && v && typeof v === 'object' && (sentinels.has(v.id) || v.id === bystanderLink.id))
              failures.push(`#${i} GraphQL updateLink changed ${v.id}`);
          }
        }
      } else {
        // Anything: random method, path and headers, sometimes with a body.
        const method = r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
        const withBody = method !== 'GET' && method !== 'HEAD' && r.chance(0.7);
        const path = randomPath(r, [...fuzzIds.slice(-3), ...foreignIds]);
        const toGraphQL = new URL(`${lsk.base}${path}`).pathname === '/graphql';
        const res = await send(i, method, path, randomHeaders(r, key, withBody, toGraphQL), withBody ? randomJsonText(r, randomValue(r)) : undefined);
        const pathname = new URL(`${lsk.base}${path}`).pathname;
        if (res && method === 'DELETE' && res.status === 204 && /^\/v1\/links\/[^/]+$/.test(pathname)) {
          const id = decodeURIComponent(pathname.slice('/v1/links/'.length));
          if (fuzzIds.includes(id)) {
            deleted++;
            fuzzIds.splice(fuzzIds.indexOf(id), 1);
          } else failures.push(`#${i} random DELETE removed ${id}`);
        }
        if (res && method === 'POST' && res.status === 201 && pathname === '/v1/links') {
          created++;
          fuzzIds.push(res.json.id);
        }
      }
      if (failures.length >= 25) break;
    }

    console.log(
      `fuzz seed ${SEED}: ${sent} requests in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries([...stats].sort((a, b) => a[0] - b[0])))}, created ${created} (+${unseenCreates} unseen), deleted ${deleted}`,
    );
    expect(failures, `seed ${SEED}:\n${failures.join('\n')}`).toEqual([]);

    // Still alive and healthy.
    expect(lsk.proc.exitCode).toBeNull();
    expect((await fetch(`${lsk.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${lsk.base}/readyz`)).status).toBe(200);

    // No partial writes.
    const links = await allLinks(api);
    const missing = [...sentinels.keys(), ...fuzzIds].filter((id) => !links.some((l) => l.id === id));
    const unexpected = links.filter((l) => !sentinels.has(l.id) && !fuzzIds.includes(l.id)).map((l) => l.id);
    const story = (id: string) => `${id}: ${(history.get(id) ?? []).join(' | ')}`;
    expect({ missing: missing.map(story), unexpected: unexpected.length }, `seed ${SEED}`).toEqual({ missing: [], unexpected: unseenCreates });
    expect(links.length, `seed ${SEED}`).toBe(initialCount + created + unseenCreates - deleted);
    for (const link of links) expectLinkShape(link);
    for (const [id, expected] of sentinels) expect((await api('GET', `/v1/links/${id}`)).body, `seed ${SEED}, sentinel ${id}`).toEqual(expected);
    expect((await bystander('GET', `/v1/links/${bystanderLink.id}`)).body).toEqual(bystanderLink);
    expect((await bystander('GET', '/v1/tags')).body.data.map((t: { name: string; links: number }) => [t.name, t.links])).toEqual([['theirs', 1]]);

    // Nothing was polluted: plain objects still have no stray properties, answers keep their exact shape.
    const fresh = await createLink(api, { destination: 'https://example.com/after-fuzz', tags: ['after'] });
    expectLinkShape(fresh);
    expect(fresh.tags).toEqual(['after']);
    expect((await api('GET', '/v1/workspace')).body).toEqual({ id: expect.any(String), slug: 'fuzz', plan: 'custom', rate_limit_rpm: 1_000_000 });
    const tagRes = await api('GET', '/v1/tags');
    for (const t of tagRes.body.data) expect(Object.keys(t).sort()).toEqual(['created_at', 'links', 'name']);
  });
});

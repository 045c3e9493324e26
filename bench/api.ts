/**
 * The API: link creation and listing over REST and GraphQL, and refused requests (401, 429), each
 * with the server's CPU time per request (every thread; from /proc). BENCH_API_RUNS=list,create (of
 * create, list, refused) runs only those loads.
 */
import { loadConfig } from '../src/config/env.js';
import { systemCaller } from '../src/domain/caller.js';
import { buildServices } from '../src/wiring/build-services.js';
import { measure, type Run } from './cpu.js';
import { type Fixture, lskEnv } from './fixtures.js';
import { fmt, type LoadOptions, load } from './load.js';
import { lskArgs, start, stop } from './servers.js';

/** The bench's own setup acts as lsk itself. */
const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };

const LINK_FIELDS = 'id short_url domain alias destination geo_targeting tags clicks created_at updated_at';

/** A workspace of 1 request per minute, so every request after its first is refused with 429. */
async function tinyKey(file: string): Promise<string> {
  const services = await buildServices(loadConfig({ DATABASE_URL: `file:${file}`, LSK_COUNTRY_HEADER: 'cf-ipcountry' }));
  try {
    const ws = (await services.repos.workspaces.getBySlug('bench-tiny')) ?? (await services.workspaces.create(BENCH, 'bench-tiny', 'custom', 1));
    return (await services.keys.issue(systemCaller(ws.id, 'bench'), 'tiny')).secret;
  } finally {
    await services.repos.close();
  }
}

export async function benchApi(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  const tiny = await tinyKey(fx.file);
  const lsk = await start(lskArgs(), lskEnv(fx.file, 18934), 'http://127.0.0.1:18934/healthz');
  try {
    const url = 'http://127.0.0.1:18934';
    const auth = { authorization: `Bearer ${fx.key}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const gqlBody = (query: string) => JSON.stringify({ query });
    const runs: [string, Omit<LoadOptions, 'seconds'>][] = [
      [
        'REST POST /v1/links',
        { url: `${url}/v1/links`, method: 'POST', headers: json, body: JSON.stringify({ destination: 'https://example.com/new', tags: ['bench'] }) },
      ],
      [
        'GraphQL createLink',
        {
          url: `${url}/graphql`,
          method: 'POST',
          headers: json,
          body: gqlBody('mutation { createLink(destination: "https://example.com/gql", tags: ["bench"]) { id short_url } }'),
        },
      ],
      ['REST GET /v1/links?limit=20', { url: `${url}/v1/links?limit=20`, headers: auth }],
      [
        'GraphQL links(limit: 20)',
        { url: `${url}/graphql`, method: 'POST', headers: json, body: gqlBody(`{ links(limit: 20) { data { ${LINK_FIELDS} } next_cursor } }`) },
      ],
      ['refused: 401 no key (REST)', { url: `${url}/v1/links?limit=20` }],
      [
        'refused: no key (GraphQL; 429 past 60/min)',
        { url: `${url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: gqlBody('{ workspace { id } }') },
      ],
      ['refused: 429 over the plan (REST)', { url: `${url}/v1/links?limit=20`, headers: { authorization: `Bearer ${tiny}` } }],
    ];
    const only = process.env.BENCH_API_RUNS?.split(',').map((w) => w.trim());
    const kindOf = (name: string) => (name.startsWith('refused') ? 'refused' : name.includes('limit') ? 'list' : 'create');
    const chosen = runs.filter(([name]) => !only || only.includes(kindOf(name)));
    const results: [string, Run][] = [];
    for (const [name, opts] of chosen) {
      // One second of the same load first, not counted: the server loads what a route needs at its
      // first request (docs/adr/0224), which would otherwise land in the first run's p99 and CPU.
      await load({ connections: 20, ...opts, seconds: 1 });
      results.push([name, await measure(lsk, { connections: 20, ...opts, seconds })]);
    }
    say('');
    say('API (20 connections; targets on Node 24: create >= 3,000/s, list of 20 >= 5,000/s, refused >= 10,000/s):');
    for (const [name, f] of results) say(`  ${name.padEnd(36)} ${fmt(f)}${Number.isNaN(f.cpuUs) ? '' : `, ${f.cpuUs.toFixed(0)} µs CPU/request`}`);
  } finally {
    await stop(lsk);
  }
}

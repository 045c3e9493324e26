/**
 * What a `referrer_source` / `referrer_kind` filter adds (docs/adr/0216), in process on a kept SQLite
 * seed of the analytics bench (BENCH_ANALYTICS_DB): each pair is the same read filtered by a source
 * and by its hosts (`referrer`), alternated call by call, over 365 and 30 days; wall time median and
 * the process's CPU (every thread: the readers too) per call, with the load average.
 * Usage: node dist/bench/source-filter-cost.js /path/seed.db [calls, default 20]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { loadConfig } from '../src/config/env.js';
import { systemCaller } from '../src/domain/caller.js';
import { buildServices } from '../src/wiring/build-services.js';
import { window } from './analytics-queries.js';
import { DOMAIN } from './fixtures.js';

const [db, callsArg] = process.argv.slice(2);
if (!db) throw new Error('usage: source-filter-cost.js /path/seed.db [calls]');
const calls = Number(callsArg ?? 20);
const { target } = JSON.parse(readFileSync(`${db}.json`, 'utf8')) as { target: { workspaceId: string } };
const s = await buildServices(loadConfig({ DATABASE_URL: `file:${db}`, LSK_DEFAULT_DOMAIN: DOMAIN }));
const caller = systemCaller(target.workspaceId, 'bench');

const PAIRS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'countries: X',
    { group_by: 'countries', filter: { referrer: { in: ['t.co', 'x.com'] } } },
    { group_by: 'countries', filter: { referrer_source: { in: ['X'] } } },
  ],
  [
    'countries: social',
    { group_by: 'countries', filter: { referrer: { in: ['t.co', 'linkedin.com'] } } },
    { group_by: 'countries', filter: { referrer_kind: { in: ['social'] } } },
  ],
  [
    'timeseries, compare: not X',
    { group_by: 'timeseries', compare: 'previous', filter: { referrer: { not_in: ['t.co', 'x.com'] } } },
    { group_by: 'timeseries', compare: 'previous', filter: { referrer_source: { not_in: ['X'] } } },
  ],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function one(q: Record<string, unknown>, w: { from: string; to: string }): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await s.analytics.report(caller, { ...q, ...w });
  const used = process.cpuUsage(cpu);
  return [performance.now() - t, (used.user + used.system) / 1000];
}

for (const days of [365, 30]) {
  const w = window(days);
  for (const [label, hosts, source] of PAIRS) {
    await one(hosts, w);
    await one(source, w);
    const a: [number, number][] = [];
    const b: [number, number][] = [];
    for (let i = 0; i < calls; i++) {
      a.push(await one(hosts, w));
      b.push(await one(source, w));
    }
    const f = (xs: [number, number][]) => `${median(xs.map((x) => x[0])).toFixed(1)} ms, CPU ${median(xs.map((x) => x[1])).toFixed(1)} ms`;
    console.log(`${days} d, ${label}: hosts ${f(a)}; source ${f(b)} (load ${loadavg()[0]!.toFixed(1)})`);
  }
}
await s.repos.close();

/**
 * Analytics over a year of hourly rollups: 1,000 links (BENCH_ANALYTICS_LINKS; 0 skips SQLite),
 * with clicks in every hour of the last 365 days (./analytics-seed.ts), on SQLite; then on MongoDB (MONGODB_URI,
 * else a FerretDB started here) with fewer links (BENCH_ANALYTICS_MONGO_LINKS, default 1; 0 skips
 * it) and runs (BENCH_ANALYTICS_MONGO_RUNS, default 1), since FerretDB 1.24 is far too slow to read
 * a year of 1,000 links. Runs on SQLite: BENCH_ANALYTICS_RUNS (default 5). SQLite is seeded through
 * the clicks repository's record(), MongoDB through plain inserts of the same documents
 * (./analytics-mongo-seed.ts). Each query is timed over 365 days and, as its reference, over 30 days
 * in the same store: in process, then over HTTP (not on FerretDB).
 * BENCH_ANALYTICS_DB=/path/file.db keeps the SQLite seed in that file (and what the reads need in
 * `file.db.json`) and reuses it on the next run while the file is there: a seed takes minutes. The
 * reused year ends where it was seeded (the last hours of the window are then empty). A reused file
 * skips the flush figure (it would add open hours to the kept seed).
 * BENCH_ANALYTICS_MONGO_KEEP=/path/seed.json (with MONGODB_URI) seeds MongoDB's database lsk_bench_analytics
 * once and records the workspace and key there; later runs reuse it while the file is there (a
 * 1,000-link year takes over an hour to seed). BENCH_ANALYTICS_MONGO_HTTP=0 skips the HTTP runs.
 * BENCH_ANALYTICS_QUERIES='label|label' runs only the queries whose label contains one of them.
 * BENCH_ANALYTICS_MONGO_BACKFILL=1 times MongoDB's reads with the month sheets' hours stripped, then
 * the month-hours backfill of the next start, then the reads again (./analytics-backfill.ts).
 * BENCH_ANALYTICS_MONGO_SPLIT=1 puts MongoDB's seed in the single sheets collection of earlier
 * versions and times the start that moves it into collections by kind and grain (./analytics-split.ts).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config/env.js';
import { systemCaller } from '../src/domain/caller.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import type { Services } from '../src/wiring/all-services.js';
import { buildServices } from '../src/wiring/build-services.js';
import { BACKFILL, stripMonthHours, timeBackfill, unmarkBackfill } from './analytics-backfill.js';
import { flushStall, storeSize } from './analytics-extra.js';
import { insertSheets } from './analytics-mongo-seed.js';
import { fmtTiming, get, QUERIES, type Target, type Timing, time, window } from './analytics-queries.js';
import { SEED_TAGS, type SeedLink } from './analytics-seed.js';
import { asOneCollection, SPLIT, timeSplit } from './analytics-split.js';
import { foldYear } from './analytics-sqlite-seed.js';
import { DOMAIN } from './fixtures.js';
import { mongo } from './link-read.js';
import { childCpuMs } from './proc-cpu.js';
import { lskArgs, start, stop } from './servers.js';

/** The bench's own setup acts as lsk itself. */
const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };

const LINKS = Number(process.env.BENCH_ANALYTICS_LINKS ?? 1000);
const MONGO_LINKS = Number(process.env.BENCH_ANALYTICS_MONGO_LINKS ?? 1);
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 5);
const MONGO_RUNS = Number(process.env.BENCH_ANALYTICS_MONGO_RUNS ?? 1);
const KEEP = process.env.BENCH_ANALYTICS_DB;
const MONGO_KEEP = process.env.BENCH_ANALYTICS_MONGO_KEEP;
const PICK = process.env.BENCH_ANALYTICS_QUERIES?.split('|')
  .map((x) => x.trim())
  .filter(Boolean);
const PICKED = PICK ? QUERIES.filter((q) => PICK.some((p) => q.label.includes(p))) : QUERIES;
const DAYS = 365;
const REFERENCE_DAYS = 30;

const plural = (n: number) => `${n.toLocaleString('en')} link${n === 1 ? '' : 's'}`;

const services = (databaseUrl: string) => buildServices(loadConfig({ DATABASE_URL: databaseUrl, LSK_DEFAULT_DOMAIN: DOMAIN }));

/** A workspace with `links` tagged links and a year of their hours (up to two hours ago, so all closed). */
async function seed(databaseUrl: string, links: number, say: (s: string) => void): Promise<{ key: string; target: Target }> {
  const sqliteKept = KEEP && databaseUrl === `file:${KEEP}` ? `${KEEP}.json` : null;
  const kept = sqliteKept ?? (MONGO_KEEP && !databaseUrl.startsWith('file:') ? MONGO_KEEP : null);
  if (kept && (!sqliteKept || existsSync(KEEP!)) && existsSync(kept)) {
    say(`    reusing the seed kept in ${sqliteKept ? KEEP : databaseUrl}`);
    return JSON.parse(readFileSync(kept, 'utf8')) as { key: string; target: Target };
  }
  // A seed that did not finish (no record of it) starts again from an empty file.
  if (sqliteKept) for (const f of [KEEP!, `${KEEP}-wal`, `${KEEP}-shm`]) rmSync(f, { force: true });
  const s = await services(databaseUrl);
  const ws = await s.workspaces.create(BENCH, 'analytics', 'custom', 1_000_000);
  const { secret } = await s.keys.issue(systemCaller(ws.id, 'bench'), 'bench');
  const seeded: SeedLink[] = [];
  for (let i = 0; i < links; i++) {
    const tags = [SEED_TAGS[i % SEED_TAGS.length]!, ...(i % 3 === 0 ? [SEED_TAGS[(i + 3) % SEED_TAGS.length]!] : [])];
    const link = await s.links.create(systemCaller(ws.id, 'bench'), { destination: `https://example.com/campaign/${i}`, alias: `a${i}`, tags });
    seeded.push({ id: link.id, index: i, tags });
  }
  const now = Date.now();
  const firstHour = Date.parse(`${window(DAYS, now).from}T00:00:00Z`);
  const hours = (now - (now % HOUR_MS) - 2 * HOUR_MS - firstHour) / HOUR_MS + 1;
  const started = Date.now();
  let linkHours: number;
  if (databaseUrl.startsWith('file:')) {
    await s.repos.close();
    linkHours = await foldYear(databaseUrl.slice(5), ws.id, seeded, firstHour, hours, DOMAIN);
  } else {
    await s.repos.close();
    linkHours = await insertSheets(databaseUrl, ws.id, seeded, firstHour, hours, DOMAIN);
  }
  const how = databaseUrl.startsWith('file:') ? 'folded into the sheets by the closing code' : 'inserted as sheet documents';
  say(`    seeded ${linkHours.toLocaleString('en')} link-hours of ${plural(links)} (${how}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // The busiest link (index 0) has the most rows of any link.
  const out = { key: secret, target: { workspaceId: ws.id, linkId: seeded[0]!.id } };
  if (kept) writeFileSync(kept, JSON.stringify(out));
  return out;
}

type Run = (q: (typeof QUERIES)[number], from: string, to: string) => Promise<unknown>;

async function timeAll(runs: number, run: Run): Promise<[Timing, Timing][]> {
  const year = window(DAYS);
  const ref = window(REFERENCE_DAYS);
  const out: [Timing, Timing][] = [];
  for (const q of PICKED) out.push([await time(runs, () => run(q, year.from, year.to)), await time(runs, () => run(q, ref.from, ref.to))]);
  return out;
}

/** The in-process figures, then (when `http`) the same queries against a server on the store. */
async function figures(databaseUrl: string, links: number, label: string, say: (s: string) => void, opts: { runs: number; http: boolean }): Promise<void> {
  say(`  ${label}, median and max of ${opts.runs} run${opts.runs > 1 ? 's' : ''}:`);
  const { key, target } = await seed(databaseUrl, links, say);
  say(`    store size after the seed: ${await storeSize(databaseUrl)}`);
  const backfill = BACKFILL && !databaseUrl.startsWith('file:');
  // The seed's start marked the backfill done (no sheets then): the reads first run as before it.
  if (backfill) await stripMonthHours(databaseUrl);
  if (SPLIT && !databaseUrl.startsWith('file:')) {
    const n = await asOneCollection(databaseUrl);
    say(`    ${await timeSplit(n, () => services(databaseUrl))}`);
  }
  let direct = await inProcess(databaseUrl, opts.runs, target, say);
  if (backfill) {
    say('    before the month-hours backfill (the table below is after it):');
    say(`      ${PICKED.map((q, i) => `${q.label} ${direct[i]!.map(fmtTiming).join(' / ')}`).join('; ')}`);
    await unmarkBackfill(databaseUrl);
    const s: Services = await services(databaseUrl);
    say(`    ${await timeBackfill(s)}`);
    await s.repos.close();
    direct = await inProcess(databaseUrl, opts.runs, target, say);
  }
  const http = opts.http ? await overHttp(databaseUrl, opts.runs, key, target) : null;
  // After the reads (its link-hours would be closed by the server under test). On FerretDB a flush of
  // 50,000 link-hours is 50,000 updates (tens of ms each): measured on SQLite only.
  if (databaseUrl.startsWith('file:') && !KEEP) {
    const again: Services = await services(databaseUrl);
    say(`    flush: ${await flushStall(again.repos.clicks, target.workspaceId, DOMAIN)}`);
    await again.repos.close();
  }
  const head = [`${DAYS} days, in process`, `${REFERENCE_DAYS} days, in process`, `${DAYS} days, HTTP`, `${REFERENCE_DAYS} days, HTTP`];
  say(`    ${'query'.padEnd(34)} ${head.map((h) => h.padEnd(26)).join(' ')}`);
  PICKED.forEach((q, i) => {
    const cells = [...direct[i]!, ...(http?.[i] ?? [])].map(fmtTiming);
    say(`    ${q.label.padEnd(34)} ${cells.map((c) => c.padEnd(26)).join(' ')}${http ? '' : 'not run'}`);
  });
}

/** The queries in process (and on MongoDB the documents each read). */
async function inProcess(databaseUrl: string, runs: number, target: Target, say: (s: string) => void): Promise<[Timing, Timing][]> {
  const s: Services = await services(databaseUrl);
  const opts = { runs };
  const docs = s.repos.clicks as unknown as { docsRead?: number; queriesRun?: number };
  const read: number[] = [];
  const sent: number[] = [];
  const cpu: [number, number][] = [];
  const direct = await timeAll(opts.runs, async (q, from, to) => {
    const [before, queriesBefore] = [docs.docsRead ?? 0, docs.queriesRun ?? 0];
    const [own, server] = [process.cpuUsage(), childCpuMs('ferretdb')];
    await q.direct(s, target, from, to);
    read.push((docs.docsRead ?? 0) - before);
    sent.push((docs.queriesRun ?? 0) - queriesBefore);
    cpu.push([process.cpuUsage(own).user / 1000 + process.cpuUsage(own).system / 1000, childCpuMs('ferretdb') - server]);
  });
  if (docs.docsRead !== undefined) {
    const at = (i: number, k: number) => i * 2 * (opts.runs + 1) + k * (opts.runs + 1);
    const ms = (c: [number, number] | undefined) => (c ? `${c[0].toFixed(0)}+${Number.isNaN(c[1]) ? '?' : c[1].toFixed(0)} ms` : '?');
    say(`    documents read per query (365 d, 30 d): ${PICKED.map((q, i) => `${q.label} ${read[at(i, 0)]}/${read[at(i, 1)]}`).join('; ')}`);
    if (docs.queriesRun !== undefined) {
      say(`    store queries per read (365 d, 30 d): ${PICKED.map((q, i) => `${q.label} ${sent[at(i, 0)]}/${sent[at(i, 1)]}`).join('; ')}`);
    }
    // The last timed run of each: this process's CPU + the bench's FerretDB's, when it runs one.
    say(
      `    CPU per query, lsk+FerretDB (365 d, 30 d): ${PICKED.map((q, i) => `${q.label} ${ms(cpu[at(i, 0) + opts.runs])} / ${ms(cpu[at(i, 1) + opts.runs])}`).join('; ')}`,
    );
  }
  await s.repos.close();
  return direct;
}

async function overHttp(databaseUrl: string, runs: number, key: string, target: Target): Promise<[Timing, Timing][]> {
  const port = 18936;
  const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', LSK_DEFAULT_DOMAIN: DOMAIN };
  const lsk = await start(lskArgs(), env, `http://127.0.0.1:${port}/healthz`);
  try {
    return await timeAll(runs, (q, from, to) => get(`http://127.0.0.1:${port}`, key, q.path(target, from, to)));
  } finally {
    await stop(lsk);
  }
}

export async function benchAnalytics(dir: string, say: (s: string) => void): Promise<void> {
  say('');
  say(`Analytics over ${DAYS} days of hourly rollups (every link clicked every hour), ${REFERENCE_DAYS} days as the reference:`);
  if (LINKS > 0) await figures(`file:${KEEP ?? join(dir, 'analytics.db')}`, LINKS, `SQLite, ${plural(LINKS)}`, say, { runs: RUNS, http: true });
  if (MONGO_LINKS === 0) return;
  const m = await mongo(MONGO_KEEP ? 'lsk_bench_analytics' : undefined);
  try {
    // FerretDB evaluates each aggregation over every document it fetches: a slice, and no HTTP run (it adds the REST stack, as on SQLite).
    const label = m.server
      ? `MongoDB (FerretDB 1.24), a smaller slice: ${plural(MONGO_LINKS)} (FerretDB is far too slow for more)`
      : `MongoDB (MONGODB_URI), ${plural(MONGO_LINKS)}`;
    await figures(m.url, MONGO_LINKS, label, say, {
      runs: m.server ? MONGO_RUNS : RUNS,
      http: !m.server && process.env.BENCH_ANALYTICS_MONGO_HTTP !== '0',
    });
  } finally {
    await m.server?.stop();
  }
}

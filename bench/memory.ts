/**
 * Resident memory of lsk with 1,000,000 links stored: once started, after redirects over 200,000
 * of them until the link cache is full (its bound, 100,000 links), and after a few lists. Each
 * figure with the main thread's V8 heap (used / reserved) and its external memory, so a change can
 * be placed. BENCH_LSK_NODE_ARGS (e.g. "--heapsnapshot-signal=SIGUSR2") is passed to lsk. With
 * BENCH_MEMORY_IDLE_S=N, one more line: the same figures after N seconds without load.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/env.js';
import { buildServices } from '../src/wiring/build-services.js';
import { BROWSER_UA, DOMAIN, type Fixture, lskEnv, prepare } from './fixtures.js';
import { load } from './load.js';
import { lskArgs, start, stop } from './servers.js';

const MB = 1048576;
/** The redirect cache's bound (src/redirect/redirect-handler.ts). */
const CACHE_BOUND = 100_000;

/**
 * Schedule the health checks of links stored without the services, as lsk's first start does in
 * the background (minutes for 1,000,000 links): the figures are those of a store started before.
 */
async function scheduleHealthChecks(file: string): Promise<void> {
  const services = await buildServices(loadConfig({ DATABASE_URL: `file:${file}` }));
  try {
    await services.health.service.backfill();
  } finally {
    await services.repos.close();
  }
}

async function metrics(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [name, value] = line.split(' ');
    if (name && value && !name.startsWith('#')) out.set(name, Number(value));
  }
  return out;
}

/** One line: resident memory, the main thread's heap (young generation apart), external memory, cached links, threads. */
async function figures(base: string, pid: number): Promise<{ rss: number; cached: number; line: string }> {
  const m = await metrics(base);
  const v = (name: string) => m.get(name) ?? Number.NaN;
  const threads = readdirSync(`/proc/${pid}/task`).map((t) => readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim());
  const own = threads.filter((t) => t.startsWith('click-'));
  const rss = v('process_resident_memory_bytes');
  // Resident memory by kind, in MB (kB in /proc): anonymous (heaps, malloc) and file-backed (the node binary, native modules).
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  const cached = v('lsk_redirect_cache_entries');
  const line =
    `resident ${(rss / MB).toFixed(0)} MB (anonymous ${mb('RssAnon').toFixed(0)}, files ${mb('RssFile').toFixed(0)}); main heap ${(v('nodejs_heap_size_used_bytes') / MB).toFixed(0)} used / ` +
    `${(v('nodejs_heap_size_total_bytes') / MB).toFixed(0)} MB reserved (young generation ${(v('nodejs_heap_space_size_total_bytes{space="new"}') / MB).toFixed(0)}), external ${(v('nodejs_external_memory_bytes') / MB).toFixed(0)} MB; ` +
    `${cached.toLocaleString('en')} links cached; ${threads.length} threads (${own.join(', ') || 'no lsk worker threads'})`;
  return { rss, cached, line };
}

/** The main thread's heap spaces, used / reserved in MB each (an extra line: which space holds what the figure holds). */
async function spaces(base: string): Promise<string> {
  const m = await metrics(base);
  const names = [...m.keys()].flatMap((k) => /^nodejs_heap_space_size_total_bytes\{space="(\w+)"\}$/.exec(k)?.[1] ?? []);
  const mb = (name: string, space: string) => ((m.get(`${name}{space="${space}"}`) ?? Number.NaN) / MB).toFixed(1);
  return names.map((n) => `${n} ${mb('nodejs_heap_space_size_used_bytes', n)} / ${mb('nodejs_heap_space_size_total_bytes', n)}`).join(', ');
}

/** A store of 1,000,000 links with their health checks scheduled, made in `dir`. */
async function seed(dir: string): Promise<Fixture> {
  const big = await prepare(dir, 1_000_000);
  await scheduleHealthChecks(big.file);
  return big;
}

/**
 * With BENCH_MEMORY_STORE=DIR the seeded store is kept in DIR (made on the first run, several
 * minutes) and each run serves a fresh copy of it, so runs compared back to back serve the same
 * links; without it every run seeds its own store in a temporary folder.
 */
async function store(dir: string): Promise<Fixture> {
  const kept = process.env.BENCH_MEMORY_STORE;
  if (!kept) return seed(dir);
  const fixtureFile = join(kept, 'fixture.json');
  if (!existsSync(fixtureFile)) {
    mkdirSync(kept, { recursive: true });
    const made = await seed(kept);
    writeFileSync(fixtureFile, JSON.stringify(made));
  }
  const big = JSON.parse(readFileSync(fixtureFile, 'utf8')) as Fixture;
  const file = join(dir, 'lsk.db');
  copyFileSync(big.file, file);
  return { ...big, file };
}

export async function benchMemory(say: (s: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-bench-1m-'));
  try {
    const big = await store(dir);
    const s = await start(lskArgs(), lskEnv(big.file, 18933), 'http://127.0.0.1:18933/healthz');
    try {
      const url = 'http://127.0.0.1:18933';
      const pid = s.pid!;
      say('');
      say('Resident memory, 1,000,000 links stored (target <= 300 MB):');
      say(`  started:          ${(await figures(url, pid)).line}`);
      const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' };
      const paths = big.aliases.slice(0, 200_000).map((a) => `/${a}`);
      // Rounds of 5 s until the cache is full (one round on a quiet machine), so a slow machine fills
      // it too: each round starts where the visits of the rounds before ended (wrk's connections walk
      // the list in turn from fixed offsets).
      let after = await figures(url, pid);
      let visited = 0;
      for (let round = 0; round < 20 && after.cached < CACHE_BOUND; round++) {
        const from = visited % paths.length;
        visited += Math.round((await load({ url, headers, paths: [...paths.slice(from), ...paths.slice(0, from)], seconds: 5 })).rps * 5);
        after = await figures(url, pid);
      }
      say(`  after redirects:  ${after.line}`);
      await load({ url: `${url}/v1/links?limit=100`, headers: { authorization: `Bearer ${big.key}` }, seconds: 2, connections: 10 });
      const last = await figures(url, pid);
      say(`  after lists:      ${last.line}`);
      say(`  heap spaces then: ${await spaces(url)}`);
      say(`Resident memory, 1,000,000 links stored, link cache full: ${(last.rss / MB).toFixed(0)} MB   (target <= 300 MB)`);
      // A separate figure (the one above stays the bar's): the same server left idle, when V8's memory
      // reducer has collected what the load left (minutes after it: BENCH_MEMORY_IDLE_S=240).
      const idle = Number(process.env.BENCH_MEMORY_IDLE_S ?? 0);
      if (idle > 0) {
        await new Promise((r) => setTimeout(r, idle * 1000));
        say(`  idle ${idle} s after: ${(await figures(url, pid)).line}`);
      }
    } finally {
      await stop(s);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

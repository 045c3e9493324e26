/**
 * `npm run bench`: figures, not assertions. Loopback only, bounded in time.
 *   1. redirects: lsk (embedded store, 100,000 links, clicks recorded) vs bare node:http with the
 *      same aliases, same load (autocannon, 50 connections), browser User-Agent + country header;
 *   2. link creation over REST and GraphQL;
 *   3. the plan limiter's cost per request;
 *   4. resident memory of lsk with 1,000,000 links stored.
 * Env: BENCH_SECONDS (default 10), BENCH_SKIP_1M=1 to skip step 4.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/config/env.js';
import { randomBase62 } from '../src/domain/ids.js';
import { MemoryRateLimiter, StoreRateLimiter } from '../src/limits/rate-limit.js';
import { buildServices } from '../src/services/build.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DOMAIN = 'bench.lsk';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx3xx: number;
}

/** Start a server; ready when `readyUrl` answers (its output is discarded: a blocked pipe would slow it). */
async function start(cmd: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const p = spawn(process.execPath, cmd, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited: number | null | undefined;
  p.on('exit', (code) => (exited = code));
  for (let i = 0; i < 600; i++) {
    if (exited !== undefined) throw new Error(`${cmd.join(' ')} exited ${exited}`);
    try {
      if ((await fetch(readyUrl)).status < 500) return p;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${cmd.join(' ')} did not become ready`);
}

function stop(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    p.removeAllListeners('exit');
    p.on('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

async function load(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: 50, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx3xx: r.non2xx - (r.statusCodeStats?.['302' as keyof typeof r.statusCodeStats]?.count ?? 0) };
}

/** Cycle through the aliases so the whole set is used, the same way for both servers. */
function redirectRequests(aliases: string[]): autocannon.Request[] {
  let i = 0;
  return [
    {
      method: 'GET',
      setupRequest: (req) => {
        i = (i + 1) % aliases.length;
        return { ...req, path: `/${aliases[i]}` };
      },
    },
  ];
}

function fmt(f: Figures): string {
  return `${Math.round(f.rps).toLocaleString('en')} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx3xx ? `, ${f.non2xx3xx} unexpected statuses` : ''}`;
}

/** Fill the lsk schema directly (a benchmark fixture: one transaction, not the API). */
function fillLinks(file: string, workspaceId: string, n: number): string[] {
  const db = new Database(file);
  const insert = db.prepare(
    "INSERT INTO links (id, workspace_id, domain, alias, destination, geo, clicks, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{\"DE\":\"https://example.de/\"}', 0, ?, ?)",
  );
  const aliases: string[] = [];
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const alias = `b${i.toString(36)}${randomBase62(4)}`;
      aliases.push(alias);
      insert.run(`lnk_bench${i}`, workspaceId, DOMAIN, alias, `https://example.com/landing/${i}?ref=bench`, now - (n - i), now - (n - i));
    }
  })();
  db.close();
  return aliases;
}

async function prepare(dir: string, links: number): Promise<{ file: string; key: string; aliases: string[] }> {
  const file = join(dir, 'lsk.db');
  const config = loadConfig({ DATABASE_URL: `file:${file}`, LSK_COUNTRY_HEADER: 'cf-ipcountry' });
  const services = await buildServices(config);
  const ws = await services.workspaces.create('bench', 'custom', 1_000_000);
  const { secret } = await services.keys.issue(ws.id, 'bench');
  await services.store.close();
  return { file, key: secret, aliases: fillLinks(file, ws.id, links) };
}

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-bench-'));
  const lines: string[] = [];
  const say = (s: string) => {
    lines.push(s);
    process.stdout.write(`${s}\n`);
  };
  try {
    say(`lsk benchmark — node ${process.version}, ${SECONDS} s per run, 50 connections, loopback`);
    const { file, key, aliases } = await prepare(dir, 100_000);
    const env = { DATABASE_URL: `file:${file}`, HOST: '127.0.0.1', PORT: '18931', LSK_COUNTRY_HEADER: 'cf-ipcountry', LOG_LEVEL: 'warn', LSK_DEFAULT_DOMAIN: DOMAIN };
    // BENCH_LSK_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the lsk process.
    const lskArgs = process.env.BENCH_LSK_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const lsk = await start([...lskArgs, join(ROOT, 'dist/src/server.js')], env, 'http://127.0.0.1:18931/healthz');
    const bare = await start([join(ROOT, 'dist/bench/bare-server.js'), file, '18932'], {}, 'http://127.0.0.1:18932/');
    const headers = { host: DOMAIN, 'user-agent': UA, 'cf-ipcountry': 'DE' };
    const lskUrl = 'http://127.0.0.1:18931';
    const bareUrl = 'http://127.0.0.1:18932';

    // Warm both with one pass over every alias (lsk fills its cache from the store, as in steady
    // state; the bare server has everything in memory from the start).
    await autocannon({ url: lskUrl, headers, requests: redirectRequests(aliases), connections: 50, amount: aliases.length });
    await autocannon({ url: bareUrl, headers, requests: redirectRequests(aliases), connections: 50, amount: aliases.length });
    const bareF = await load({ url: bareUrl, headers, requests: redirectRequests(aliases) });
    const lskF = await load({ url: lskUrl, headers, requests: redirectRequests(aliases) });
    await new Promise((r) => setTimeout(r, 1500));
    const written = await metric(lskUrl, 'lsk_clicks_written_total');
    const dropped = await metric(lskUrl, 'lsk_clicks_dropped_total');
    say('');
    say('Redirects (100,000 links; every visit recorded as a click):');
    say(`  bare node:http   ${fmt(bareF)}`);
    say(`  lsk              ${fmt(lskF)}`);
    say(`  ratio lsk/bare   ${(lskF.rps / bareF.rps).toFixed(2)}   (target >= 0.85; p99 target <= 5 ms)`);
    say(`  clicks written   ${written.toLocaleString('en')} (dropped ${dropped})`);
    await stop(bare);

    const json = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const rest = await load({ url: `${lskUrl}/v1/links`, method: 'POST', headers: json, body: JSON.stringify({ destination: 'https://example.com/new', tags: ['bench'] }) });
    const gql = await load({
      url: `${lskUrl}/graphql`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: 'mutation { createLink(destination: "https://example.com/gql", tags: ["bench"]) { id short_url } }' }),
    });
    say('');
    say('Link creation (201s only counted as success):');
    say(`  REST POST /v1/links      ${fmt(rest)}   (target >= 2,000 links/s)`);
    say(`  GraphQL createLink       ${fmt(gql)}`);
    await stop(lsk);

    // The limiter alone, per request.
    const mem = new MemoryRateLimiter();
    const n = 200_000;
    let t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) mem.takeSync(`w${i % 100}`, 1_000_000, 1, Date.now());
    const memNs = Number(process.hrtime.bigint() - t) / n;
    const counters = new SqliteStore(join(dir, 'counters.db'));
    await counters.init();
    const shared = new StoreRateLimiter(counters);
    const m = 20_000;
    t = process.hrtime.bigint();
    for (let i = 0; i < m; i++) await shared.take(`w${i % 100}`, 1_000_000, 1, Date.now());
    const sharedNs = Number(process.hrtime.bigint() - t) / m;
    await counters.close();
    say('');
    say('Plan limiter cost per request:');
    say(`  in process (embedded store)             ${(memNs / 1000).toFixed(2)} µs`);
    say(`  through the store (SQLite counters)     ${(sharedNs / 1000).toFixed(2)} µs   (on MongoDB: two round trips, read + versioned insert)`);

    if (!process.env.BENCH_SKIP_1M) {
      const dir2 = mkdtempSync(join(tmpdir(), 'lsk-bench-1m-'));
      try {
        const big = await prepare(dir2, 1_000_000);
        const s = await start([join(ROOT, 'dist/src/server.js')], { ...env, DATABASE_URL: `file:${big.file}`, PORT: '18933' }, 'http://127.0.0.1:18933/healthz');
        const url = 'http://127.0.0.1:18933';
        await load({ url, headers, requests: redirectRequests(big.aliases.slice(0, 200_000)), duration: 5 });
        await load({ url: `${url}/v1/links?limit=100`, headers: { authorization: `Bearer ${big.key}` }, duration: 2, connections: 10 });
        const rss = await metric(url, 'process_resident_memory_bytes');
        say('');
        say(`Resident memory with 1,000,000 links stored (after 5 s of redirects over 200,000 of them): ${(rss / 1048576).toFixed(0)} MB   (target <= 300 MB)`);
        await stop(s);
      } finally {
        rmSync(dir2, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`bench failed: ${(e as Error).stack}\n`);
    process.exit(1);
  },
);

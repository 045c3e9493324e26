/**
 * The destination-health checker over 100,000 links, all due at once (the clock moved a whole
 * interval): the requests a second it makes, the links it checks a second, and the memory it holds;
 * then 100,000 links on one host, where the per-host pace (4 a second) is the bound. Targets answer
 * from another process (a minimal HTTP server), so its work is not counted here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/config/env.js';
import { ManualClock } from '../src/domain/clock.js';
import type { Resolver } from '../src/webhooks/ssrf.js';
import { buildServices } from '../src/wiring/build-services.js';

const LINKS = 100_000;
/** The bench acts as lsk itself (its workspace's audit entries say so). */
const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };
const MB = 1048576;
const TARGET = `require('node:http').createServer((q, s) => s.writeHead(200).end()).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port)); });`;

/** Every *.bench.test name is this machine: many hosts, one target server. */
const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

function startTarget(): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(process.execPath, ['-e', TARGET], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok) => proc.stdout!.once('data', (d: Buffer) => ok({ proc, port: Number(d.toString()) })));
}

async function run(
  dir: string,
  slug: string,
  name: string,
  seconds: number,
  urlOf: (i: number, port: number) => string,
  say: (s: string) => void,
): Promise<void> {
  const target = await startTarget();
  const file = join(dir, `health-${slug}.db`);
  const config = loadConfig({ DATABASE_URL: `file:${file}`, LSK_HEALTH_INTERVAL_H: '1', LSK_HEALTH_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' });
  const clock = new ManualClock(Date.now());
  const services = await buildServices(config, { clock, health: { resolve, pollMs: 100 } });
  try {
    const ws = await services.workspaces.create(BENCH, slug, 'custom', 1_000_000);
    const db = new Database(file);
    const insert = db.prepare(
      "INSERT INTO links (id, workspace_id, domain, alias, destination, geo, created_at, updated_at) VALUES (?, ?, 'bench.lsk', ?, ?, '{}', ?, ?)",
    );
    const now = clock.now().getTime();
    db.transaction(() => {
      for (let i = 0; i < LINKS; i++) insert.run(`lnk_h${i}`, ws.id, `h${i}`, urlOf(i, target.port), now, now);
    })();
    db.close();
    let t = performance.now();
    await services.health.service.backfill();
    const scheduleS = (performance.now() - t) / 1000;
    clock.advance(3_600_000);
    const base = process.memoryUsage();
    let heap = 0;
    let rss = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      heap = Math.max(heap, m.heapUsed - base.heapUsed);
      rss = Math.max(rss, m.rss - base.rss);
    }, 200);
    const checker = services.health.checker;
    t = performance.now();
    checker.start();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const elapsed = (performance.now() - t) / 1000;
    const requests = checker.pacer.started;
    const checked = checker.made.ok + checker.made.failed;
    clearInterval(sampler);
    await checker.stop();
    say(
      `  ${name.padEnd(34)} ${(requests / elapsed).toFixed(0).padStart(6)} requests/s, ${(checked / elapsed).toFixed(0).padStart(6)} links/s; memory held: heap +${(heap / MB).toFixed(1)} MB, resident +${(rss / MB).toFixed(1)} MB (scheduling ${LINKS.toLocaleString('en')} links: ${scheduleS.toFixed(1)} s)`,
    );
  } finally {
    await services.repos.close();
    target.proc.kill();
  }
}

export async function benchHealth(dir: string, seconds: number, say: (s: string) => void): Promise<void> {
  say('');
  say(`Destination health checker, ${LINKS.toLocaleString('en')} links all due at once (SQLite; 16 requests and 64 checks at once, 4 a second per host):`);
  await run(dir, 'spread', 'distinct URLs on 1,000 hosts', seconds, (i, port) => `http://h${i % 1000}.bench.test:${port}/page/${i}`, say);
  await run(dir, 'one-host', 'distinct URLs on one host', Math.min(seconds, 5), (i, port) => `http://one.bench.test:${port}/page/${i}`, say);
  say(`  steady state at LSK_HEALTH_INTERVAL_H=24: ${(LINKS / 86_400).toFixed(2)} checks/s, spread over the day by each link's place`);
}

/**
 * The recorded GET under V8 young-generation settings, side by side (docs/adr/0223): one bare
 * node:http server and one lsk per setting, each lsk on its own copy of the 100,000-link fixture and
 * warmed as the redirect section warms; then BENCH_YG_CYCLES cycles (default 6) of a bare GET round
 * and one GET round per setting, the settings' order rotated each cycle, so a change of load on the
 * machine falls on every setting alike. Reported per setting: the main thread's CPU per GET (median
 * and range), every thread's, the main thread's CPU against the bare server's in the same cycle, and
 * the rate against the cycle's bare rate. Each lsk idles while the others run, as the bench's lsk
 * idles while the bare server runs (V8's memory reducer shrinks an idle young generation).
 * BENCH_YG_SETTINGS=def,min16,... narrows the settings (names below).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { measure, type Run } from './cpu.js';
import { BROWSER_UA, DOMAIN, type Fixture, lskEnv } from './fixtures.js';
import { load } from './load.js';
import { metric, ROOT, start, stop } from './servers.js';

/** Node arguments and environment of each setting (the default: LSK_SEMI_SPACE_MB's 16). */
const SETTINGS: Record<string, { args: string[]; env: Record<string, string> }> = {
  def: { args: [], env: {} },
  min16: { args: ['--min-semi-space-size=16'], env: {} },
  cap24: { args: [], env: { LSK_SEMI_SPACE_MB: '24' } },
  cap32: { args: [], env: { LSK_SEMI_SPACE_MB: '32' } },
  nomr: { args: ['--no-memory-reducer'], env: {} },
  min16nomr: { args: ['--min-semi-space-size=16', '--no-memory-reducer'], env: {} },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], d = 1) => `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}`;

export async function benchYoungGeneration(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  const names = (process.env.BENCH_YG_SETTINGS ?? Object.keys(SETTINGS).join(',')).split(',').filter((n) => n in SETTINGS);
  const cycles = Number(process.env.BENCH_YG_CYCLES ?? 6);
  const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' };
  const paths = fx.aliases.map((a) => `/${a}`);
  const servers: { name: string; url: string; proc: Awaited<ReturnType<typeof start>> }[] = [];
  const barePort = 18950;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = await start([join(ROOT, 'dist/bench/bare-server.js'), fx.file, String(barePort)], {}, `${bareUrl}/`);
  try {
    for (const [i, name] of names.entries()) {
      const file = `${fx.file}.${name}`;
      copyFileSync(fx.file, file);
      const port = 18951 + i;
      const url = `http://127.0.0.1:${port}`;
      const { args, env } = SETTINGS[name]!;
      servers.push({ name, url, proc: await start([...args, join(ROOT, 'dist/src/main.js')], { ...lskEnv(file, port), ...env }, `${url}/healthz`) });
    }
    for (const { url } of servers) {
      for (let i = 0, before = -1; i < 20; i++) {
        const entries = await metric(url, 'lsk_redirect_cache_entries');
        if (entries >= paths.length || entries === before) break;
        before = entries;
        const from = (i * 37_000) % paths.length;
        await load({ url, headers, paths: [...paths.slice(from), ...paths.slice(0, from)], seconds: 3 });
      }
    }
    await load({ url: bareUrl, headers, paths, seconds: 3 });
    const runs = new Map<string, { run: Run; bare: Run }[]>(names.map((n) => [n, []]));
    say('');
    say(`Young-generation settings side by side (100,000 links each visited in turn, GET recorded, 50 connections, ${cycles} cycles of ${seconds} s rounds):`);
    for (let c = 0; c < cycles; c++) {
      const b = await measure(bare, { url: bareUrl, headers, paths, seconds });
      const line = [`  cycle ${c + 1}: bare ${b.mainUs.toFixed(1)} µs`];
      for (let k = 0; k < servers.length; k++) {
        const s = servers[(k + c) % servers.length]!;
        const run = await measure(s.proc, { url: s.url, headers, paths, seconds });
        runs.get(s.name)!.push({ run, bare: b });
        line.push(`${s.name} ${run.mainUs.toFixed(1)} µs ${(run.rps / b.rps).toFixed(2)}`);
      }
      say(line.join(' | '));
    }
    for (const [name, rs] of runs) {
      const main = rs.map((r) => r.run.mainUs);
      const ratio = rs.map((r) => r.run.rps / r.bare.rps);
      say(
        `  ${name.padEnd(10)} main thread ${median(main).toFixed(1)} µs/GET (${range(main)}), every thread ${median(rs.map((r) => r.run.cpuUs)).toFixed(1)}, ` +
          `main / bare main ${median(rs.map((r) => r.run.mainUs / r.bare.mainUs)).toFixed(2)}, rate / bare ${median(ratio).toFixed(2)} (${range(ratio, 2)}), p99 ${median(rs.map((r) => r.run.p99)).toFixed(1)} ms`,
      );
    }
  } finally {
    await stop(bare);
    for (const s of servers) await stop(s.proc);
  }
}

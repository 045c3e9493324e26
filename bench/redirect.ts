/**
 * Redirects: lsk (clicks recorded) against a bare node:http server answering 302 from a Map, same
 * load, same machine. Runs alternate in rounds and the medians are reported, so a load change on the
 * machine hits all alike; CPU time per request (from /proc, every thread of the process: the click
 * writer thread too) is reported beside throughput. Two traffic shapes: every link visited in turn
 * (nearly every click a new link-hour in its flush: the most store work per click), and the same
 * load on the 1,000 first links (clicks on a link-hour add up in memory between flushes). Beside
 * the latter, the same load on 1,000 links with 50 rules each, none matching (every rule evaluated).
 */
import { join } from 'node:path';
import { measure, type Run } from './cpu.js';
import { BROWSER_UA, DOMAIN, type Fixture, lskEnv } from './fixtures.js';
import { fmt, load } from './load.js';
import { lskArgs, metric, ROOT, start, stop } from './servers.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function median(runs: Run[]): Run {
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    rps: mid(runs.map((r) => r.rps)),
    p50: mid(runs.map((r) => r.p50)),
    p99: mid(runs.map((r) => r.p99)),
    bad: runs.reduce((n, r) => n + r.bad, 0),
    cpuUs: mid(runs.map((r) => r.cpuUs)),
    mainUs: mid(runs.map((r) => r.mainUs)),
    writerUs: mid(runs.map((r) => r.writerUs)),
  };
}

const show = (r: Run) =>
  `${fmt(r)}${Number.isNaN(r.cpuUs) ? '' : `, ${r.cpuUs.toFixed(1)} µs CPU/request (main thread ${r.mainUs.toFixed(1)}, click writer ${r.writerUs.toFixed(1)})`}`;

export async function benchRedirects(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  // BENCH_LSK_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the lsk process (servers.ts).
  const lsk = await start(lskArgs(), lskEnv(fx.file, 18931), 'http://127.0.0.1:18931/healthz');
  const bare = await start([join(ROOT, 'dist/bench/bare-server.js'), fx.file, '18932'], {}, 'http://127.0.0.1:18932/');
  try {
    const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' };
    const paths = fx.aliases.map((a) => `/${a}`);
    const lskUrl = 'http://127.0.0.1:18931';
    const bareUrl = 'http://127.0.0.1:18932';
    // Warm both; lsk until every link is in its cache (the steady state: the bare server holds them all from the start).
    const ruled = fx.ruled.map((a) => `/${a}`);
    // The cache holds at most 100,000 links, fewer than the fixture's 101,000: warm until it is full or stops growing.
    // Each load walks the list from the same offsets, so each warming round starts further on (else
    // rounds repeat the links the first one reached, and a slow machine stops warming a third in).
    const all = [...paths, ...ruled];
    for (let i = 0, before = -1; i < 20; i++) {
      const entries = await metric(lskUrl, 'lsk_redirect_cache_entries');
      if (entries >= all.length || entries === before) break;
      before = entries;
      const from = (i * 37_000) % all.length;
      await load({ url: lskUrl, headers, paths: [...all.slice(from), ...all.slice(0, from)], seconds: 3 });
    }
    await load({ url: bareUrl, headers, paths, seconds: 3 });
    const hot = paths.slice(0, 1000);
    const runs: Record<'bare' | 'get' | 'head' | 'bareHot' | 'getHot' | 'rulesHot', Run[]> = {
      bare: [],
      get: [],
      head: [],
      bareHot: [],
      getHot: [],
      rulesHot: [],
    };
    for (let r = 0; r < ROUNDS; r++) {
      runs.bare.push(await measure(bare, { url: bareUrl, headers, paths, seconds }));
      runs.get.push(await measure(lsk, { url: lskUrl, headers, paths, seconds }));
      runs.head.push(await measure(lsk, { url: lskUrl, headers, paths, seconds, method: 'HEAD' }));
      runs.bareHot.push(await measure(bare, { url: bareUrl, headers, paths: hot, seconds }));
      runs.getHot.push(await measure(lsk, { url: lskUrl, headers, paths: hot, seconds }));
      runs.rulesHot.push(await measure(lsk, { url: lskUrl, headers, paths: ruled, seconds }));
    }
    await new Promise((r) => setTimeout(r, 1500));
    const written = await metric(lskUrl, 'lsk_clicks_written_total');
    const dropped = await metric(lskUrl, 'lsk_clicks_dropped_total');
    const [b, g, h, bh, gh] = [median(runs.bare), median(runs.get), median(runs.head), median(runs.bareHot), median(runs.getHot)];
    const rh = median(runs.rulesHot);
    say('');
    say(
      `Redirects (${fx.aliases.length.toLocaleString('en')} links, each visited in turn; GET visits recorded as clicks; 50 connections; median of ${ROUNDS} alternating rounds):`,
    );
    say(`  bare node:http GET   ${show(b)}`);
    say(`  lsk GET              ${show(g)}`);
    say(`  lsk HEAD (no click)  ${show(h)}`);
    say(`  ratio GET lsk/bare   ${(g.rps / b.rps).toFixed(2)}   (target >= 0.85, goal 0.9; p99 target <= 5 ms)`);
    say(`  ratio HEAD lsk/bare  ${(h.rps / b.rps).toFixed(2)}`);
    say('  the same load on the 1,000 first links:');
    say(`  bare node:http GET   ${show(bh)}`);
    say(`  lsk GET              ${show(gh)}`);
    say(`  ratio GET lsk/bare   ${(gh.rps / bh.rps).toFixed(2)}`);
    say('  the same load on 1,000 links with 50 rules each (none matching: every rule evaluated, then the destination):');
    say(`  lsk GET, 50 rules    ${show(rh)}`);
    say(`  ratio 50 rules/none  ${(rh.rps / gh.rps).toFixed(2)}   (target >= 0.90)`);
    say(
      `  rounds (req/s)       bare ${runs.bare.map((x) => Math.round(x.rps)).join(' ')} | GET ${runs.get.map((x) => Math.round(x.rps)).join(' ')} | HEAD ${runs.head.map((x) => Math.round(x.rps)).join(' ')} | hot ${runs.getHot.map((x) => Math.round(x.rps)).join(' ')} | 50 rules ${runs.rulesHot.map((x) => Math.round(x.rps)).join(' ')}`,
    );
    say(`  clicks written       ${written.toLocaleString('en')} (dropped ${dropped})`);
  } finally {
    await stop(bare);
    await stop(lsk);
  }
}

/** Redirects: lsk (clicks recorded) against a bare node:http server answering from a Map, same load. */
import { join } from 'node:path';
import { BROWSER_UA, DOMAIN, type Fixture, lskEnv } from './fixtures.js';
import { fmt, load } from './load.js';
import { metric, ROOT, start, stop } from './servers.js';

export async function benchRedirects(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  // BENCH_LSK_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the lsk process.
  const lskArgs = process.env.BENCH_LSK_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const lsk = await start([...lskArgs, join(ROOT, 'dist/src/server.js')], lskEnv(fx.file, 18931), 'http://127.0.0.1:18931/healthz');
  const bare = await start([join(ROOT, 'dist/bench/bare-server.js'), fx.file, '18932'], {}, 'http://127.0.0.1:18932/');
  try {
    const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' };
    const paths = fx.aliases.map((a) => `/${a}`);
    const lskUrl = 'http://127.0.0.1:18931';
    const bareUrl = 'http://127.0.0.1:18932';
    // Warm both (lsk fills its cache from the store, as in steady state).
    await load({ url: lskUrl, headers, paths, seconds: 3 });
    await load({ url: bareUrl, headers, paths, seconds: 3 });
    const bareF = await load({ url: bareUrl, headers, paths, seconds });
    const lskF = await load({ url: lskUrl, headers, paths, seconds });
    const lskHead = await load({ url: lskUrl, headers, paths, seconds, method: 'HEAD' });
    await new Promise((r) => setTimeout(r, 1500));
    const written = await metric(lskUrl, 'lsk_clicks_written_total');
    const dropped = await metric(lskUrl, 'lsk_clicks_dropped_total');
    say('');
    say(`Redirects (${fx.aliases.length.toLocaleString('en')} links; GET visits recorded as clicks; 50 connections):`);
    say(`  bare node:http GET   ${fmt(bareF)}`);
    say(`  lsk GET              ${fmt(lskF)}`);
    say(`  lsk HEAD (no click)  ${fmt(lskHead)}`);
    say(`  ratio GET lsk/bare   ${(lskF.rps / bareF.rps).toFixed(2)}   (target >= 0.85; p99 target <= 5 ms)`);
    say(`  ratio HEAD lsk/bare  ${(lskHead.rps / bareF.rps).toFixed(2)}`);
    say(`  clicks written       ${written.toLocaleString('en')} (dropped ${dropped})`);
  } finally {
    await stop(bare);
    await stop(lsk);
  }
}

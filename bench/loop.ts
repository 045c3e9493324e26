/**
 * The event loop under long reads: redirect latency on a small bounded load (4 connections) while
 * the server is quiet, and while three CSV exports of the 100,000-link workspace stream back to back
 * (each export read to its end by this process, then started again, until the load stops). Then
 * capped links: the same small load on links with max_clicks (a click taken before each redirect:
 * in memory on SQLite, one unique insert on MongoDB) beside links without a cap.
 */
import { join } from 'node:path';
import { BROWSER_UA, DOMAIN, type Fixture, lskEnv } from './fixtures.js';
import { mongo } from './link-read.js';
import { fmt, load } from './load.js';
import { lskArgs, ROOT, start, stop } from './servers.js';

const SMALL = 4;

async function exportsUntil(base: string, key: string, done: () => boolean): Promise<number> {
  let n = 0;
  while (!done()) {
    const res = await fetch(`${base}/v1/links/export`, { headers: { authorization: `Bearer ${key}` } });
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    const reader = res.body!.getReader();
    while (!(await reader.read()).done);
    n++;
  }
  return n;
}

/** Links with and without a cap (a cap no load reaches), made through the API. */
async function cappedAndPlain(base: string, key: string, n: number): Promise<{ capped: string[]; plain: string[] }> {
  const capped: string[] = [];
  const plain: string[] = [];
  for (let i = 0; i < n; i += 100) {
    for (const [list, extra] of [
      [capped, { max_clicks: 2_000_000_000 }],
      [plain, {}],
    ] as const) {
      const links = Array.from({ length: 100 }, (_, k) => ({ destination: `https://example.com/${i + k}`, ...extra }));
      const res = await fetch(`${base}/v1/links/bulk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ links }),
      });
      const body = (await res.json()) as { data: { link: { alias: string } }[] };
      list.push(...body.data.map((d) => `/${d.link.alias}`));
    }
  }
  return { capped, plain };
}

export async function benchLoop(fx: Fixture, seconds: number, say: (s: string) => void): Promise<void> {
  const url = 'http://127.0.0.1:18933';
  const lsk = await start(lskArgs(), lskEnv(fx.file, 18933), `${url}/healthz`);
  const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' };
  try {
    const paths = fx.aliases.slice(0, 1000).map((a) => `/${a}`);
    await load({ url, headers, paths, seconds: 2, connections: SMALL });
    const quiet = await load({ url, headers, paths, seconds, connections: SMALL });
    let stopping = false;
    const exporting = Promise.all([0, 1, 2].map(() => exportsUntil(url, fx.key, () => stopping)));
    const busy = await load({ url, headers, paths, seconds, connections: SMALL });
    stopping = true;
    const exports = (await exporting).reduce((a, b) => a + b, 0);
    say('');
    say(`Redirects while long reads run (${SMALL} connections, 1,000 links; target: p99 stays within a few ms of the quiet one):`);
    say(`  quiet                               ${fmt(quiet)}`);
    say(`  3 CSV exports of 100,000 links      ${fmt(busy)}   (${exports} exports completed meanwhile)`);
    const sqlite = await cappedAndPlain(url, fx.key, 1000);
    for (const p of [sqlite.plain, sqlite.capped]) await load({ url, headers, paths: p, seconds: 2, connections: SMALL });
    say(`Capped links (max_clicks set; ${SMALL} connections, 1,000 links each):`);
    say(`  SQLite, no cap                      ${fmt(await load({ url, headers, paths: sqlite.plain, seconds, connections: SMALL }))}`);
    say(`  SQLite, capped (in memory)          ${fmt(await load({ url, headers, paths: sqlite.capped, seconds, connections: SMALL }))}`);
  } finally {
    await stop(lsk);
  }
  const m = await mongo();
  const murl = 'http://127.0.0.1:18934';
  const env = { ...lskEnv(fx.file, 18934), DATABASE_URL: m.url };
  const cli = (args: string[]) =>
    import('node:child_process').then(({ execFileSync }) =>
      execFileSync(process.execPath, [join(ROOT, 'bin/lsk.js'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' }),
    );
  const server = await start(lskArgs(), env, `${murl}/healthz`);
  try {
    await cli(['workspace', 'create', 'bench', '--rpm', '1000000']);
    const key = (await cli(['key', 'create', '--workspace', 'bench'])).trim().split('\n').pop()!;
    const links = await cappedAndPlain(murl, key, 1000);
    // Warm both sets into the redirect cache (a first visit reads the link from the store).
    for (const paths of [links.plain, links.capped]) await load({ url: murl, headers, paths, seconds: 5, connections: SMALL });
    say(`  MongoDB, no cap                     ${fmt(await load({ url: murl, headers, paths: links.plain, seconds, connections: SMALL }))}`);
    say(`  MongoDB, capped (an insert a click) ${fmt(await load({ url: murl, headers, paths: links.capped, seconds, connections: SMALL }))}`);
  } finally {
    await stop(server);
    await m.server?.stop();
  }
}

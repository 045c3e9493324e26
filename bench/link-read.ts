/**
 * Reading a link with 1,000,000 recorded clicks (GET /v1/links/{id}: its click count comes from the
 * rollups), on SQLite and on MongoDB (MONGODB_URI, else a FerretDB started here). The clicks go
 * through the same recorder and repository as live redirects: a day of hours, several browsers,
 * countries and referrers, 5% bots. Two connections: the figure is a read's latency, not a queue.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../src/config/env.js';
import { systemCaller } from '../src/domain/caller.js';
import { ClickRecorder } from '../src/redirect/click-recorder.js';
import { classify } from '../src/redirect/user-agent.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import { buildServices } from '../src/wiring/build-services.js';
import { startFerretDb, type TestMongo } from '../test/support/ferretdb.js';
import { BROWSER_UA, DOMAIN } from './fixtures.js';
import { fmt, load } from './load.js';
import { lskArgs, ROOT, start, stop } from './servers.js';

/** The bench's own setup acts as lsk itself. */
const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };

const CLICKS = 1_000_000;
const HOURS = 24;
const UAS = [
  BROWSER_UA,
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
].map(classify);
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'JP'];
const REFERRERS = [null, 'news.example', 'social.example'];

/** p50 and p99 (ms) of `n` sequential calls. */
async function latency(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(n / 2)]!, p99: ms[Math.floor(n * 0.99)]! };
}

/** A workspace, a key and a link with CLICKS recorded clicks in the store at `databaseUrl`; and the in-process read's latency. */
async function seed(databaseUrl: string): Promise<{ key: string; linkId: string; seconds: number; direct: { p50: number; p99: number } }> {
  const started = Date.now();
  const config = loadConfig({ DATABASE_URL: databaseUrl, LSK_DEFAULT_DOMAIN: DOMAIN, LSK_COUNTRY_HEADER: 'cf-ipcountry' });
  const services = await buildServices(config);
  const ws = await services.workspaces.create(BENCH, 'reads', 'custom', 1_000_000);
  const { secret } = await services.keys.issue(systemCaller(ws.id, 'bench'), 'bench');
  const link = await services.links.create(systemCaller(ws.id, 'bench'), { destination: 'https://example.com/popular', alias: 'popular' });
  const recorder = new ClickRecorder(services.repos.clicks, { warn: () => {} });
  const first = Date.now() - (Date.now() % HOUR_MS) - (HOURS + 1) * HOUR_MS;
  for (let h = 0, i = 0; h < HOURS; h++) {
    for (const end = Math.round(((h + 1) * CLICKS) / HOURS); i < end; i++) {
      const visitor = i % 20 === 0 ? UAS[4]! : UAS[i % 4]!;
      recorder.count({
        linkId: link.id,
        workspaceId: ws.id,
        domain: link.domain,
        atMs: first + h * HOUR_MS + (i % 3600) * 1000,
        visitor,
        country: COUNTRIES[i % 5]!,
        region: null,
        city: null,
        referrer: REFERRERS[i % 3]!,
        referrerUrl: `https://${REFERRERS[i % 3]!}/`,
        utm: null,
        trigger: 'link',
        language: 'en',
        variant: null,
      });
    }
    await recorder.flush();
  }
  await services.repos.clicks.maintain();
  await recorder.stop();
  const seconds = (Date.now() - started) / 1000;
  const direct = await latency(2000, () => services.links.get(systemCaller(ws.id, 'bench'), link.id));
  await services.repos.close();
  return { key: secret, linkId: link.id, seconds, direct };
}

async function readFigures(databaseUrl: string, seconds: number, say: (s: string) => void, label: string): Promise<void> {
  const { key, linkId, seconds: seedSeconds, direct } = await seed(databaseUrl);
  const port = 18935;
  const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', LSK_DEFAULT_DOMAIN: DOMAIN };
  const lsk = await start(lskArgs(), env, `http://127.0.0.1:${port}/healthz`);
  try {
    const url = `http://127.0.0.1:${port}/v1/links/${linkId}`;
    const headers = { authorization: `Bearer ${key}` };
    const body = (await (await fetch(url, { headers })).json()) as { clicks: number };
    await load({ url, headers, seconds: 2, connections: 2 });
    const f = await load({ url, headers, seconds, connections: 2 });
    // The anchor: the same server answering without the store (machine noise shows in its p99 too).
    const anchor = await load({ url: `http://127.0.0.1:${port}/healthz`, seconds: Math.min(seconds, 5), connections: 2 });
    say(`  ${label.padEnd(24)} ${fmt(f)}   (clicks shown: ${body.clicks.toLocaleString('en')}; recording took ${seedSeconds.toFixed(0)} s)`);
    say(`  ${''.padEnd(24)} in process (LinkService.get, no HTTP, no plan limit): p50 ${direct.p50.toFixed(2)} ms, p99 ${direct.p99.toFixed(2)} ms`);
    say(`  ${''.padEnd(24)} anchor, GET /healthz on the same server: ${fmt(anchor)}`);
  } finally {
    await stop(lsk);
  }
}

/** MONGODB_URI (a fresh database on it), else a FerretDB started for the bench (the test helper). */
export async function mongo(kept?: string): Promise<{ url: string; server?: TestMongo }> {
  const name = kept ?? `lsk_bench_${Date.now().toString(36)}`;
  if (process.env.MONGODB_URI) {
    const u = new URL(process.env.MONGODB_URI);
    u.pathname = `/${name}`;
    return { url: u.toString() };
  }
  const out = execFileSync(process.execPath, [join(ROOT, 'test/support/ensure-ferretdb.mjs')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  const server = await startFerretDb(out[out.length - 1]!.trim());
  return { url: `${server.uri}${name}`, server };
}

export async function benchLinkRead(dir: string, seconds: number, say: (s: string) => void): Promise<void> {
  say('');
  say(
    `Link read, GET /v1/links/{id} of a link with ${CLICKS.toLocaleString('en')} recorded clicks (2 connections; targets p99 <= 5 ms SQLite, <= 50 ms MongoDB):`,
  );
  await readFigures(`file:${join(dir, 'reads.db')}`, seconds, say, 'SQLite');
  const m = await mongo();
  try {
    await readFigures(m.url, seconds, say, m.server ? 'MongoDB (FerretDB 1.24)' : 'MongoDB (MONGODB_URI)');
  } finally {
    await m.server?.stop();
  }
}

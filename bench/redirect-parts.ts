/**
 * The redirect's parts one by one, in process, over the 100,000-link fixture (no HTTP, no load
 * tool): where a request's CPU goes when the links are many and distinct. Each part runs over every
 * link in turn (as the redirect bench visits them) and is reported in ns per call, median of 3
 * passes: the link cache lookup (host memo, key, Map), the targeting of a plain link and of a link
 * with 50 rules (none matching), what a visit records (User-Agent, Referer, Accept-Language, query,
 * the target's UTM), the recorder's count() (each link's first visit of the hour, then a second one:
 * a record each, docs/adr/0196), and the flush of those visits to the store, which counts them into
 * link-hours (all threads' CPU per link-hour: the writer's too).
 * Last, a whole request through the handler in the main thread's CPU time (recorded-visit.ts).
 */
import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../src/config/env.js';
import { VisitFacts } from '../src/redirect/adapt/visit-facts.js';
import type { CachedLink } from '../src/redirect/cached-link.js';
import { ClickRecorder } from '../src/redirect/click-recorder.js';
import { placeOf } from '../src/redirect/geo.js';
import { resolveTarget, target } from '../src/redirect/link-rules.js';
import { classify } from '../src/redirect/user-agent.js';
import { languageOf, mergeUtm, passedQuery, referrerOf, utmOfTarget } from '../src/redirect/visit-facts.js';
import { buildServices } from '../src/wiring/build-services.js';
import { BROWSER_UA, DOMAIN, type Fixture } from './fixtures.js';
import { recordedVisitCpu } from './recorded-visit.js';

const PASSES = 3;

function request(alias: string): IncomingMessage {
  const headers = { host: DOMAIN, 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE', 'accept-language': 'de-DE,de;q=0.9', referer: 'https://news.example/a' };
  return { url: `/${alias}`, method: 'GET', headers, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
}

/** ns per call of `fn(i)` over `n` calls, median of PASSES passes. */
function perCall(n: number, fn: (i: number) => unknown): number {
  const passes: number[] = [];
  let sink = 0;
  for (let p = 0; p < PASSES; p++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) if (fn(i) === undefined) sink++;
    passes.push(Number(process.hrtime.bigint() - t) / n);
  }
  if (sink < 0) throw new Error('unreachable');
  return passes.sort((a, b) => a - b)[Math.floor(PASSES / 2)]!;
}

const ns = (x: number) => `${x.toFixed(0).padStart(7)} ns`;

export async function benchRedirectParts(fx: Fixture, say: (s: string) => void): Promise<void> {
  const config = loadConfig({ DATABASE_URL: `file:${fx.file}`, LSK_COUNTRY_HEADER: 'cf-ipcountry', LSK_DEFAULT_DOMAIN: DOMAIN });
  const s = await buildServices(config);
  try {
    const handler = s.redirects;
    const reqs = fx.aliases.map(request);
    const ruledReqs = fx.ruled.map(request);
    const now = Date.now();
    const links: CachedLink[] = [];
    for (const r of reqs) links.push((await handler.lookup(r, now))!);
    const ruled: CachedLink[] = [];
    for (const r of ruledReqs) ruled.push((await handler.lookup(r, now))!);
    const n = reqs.length;
    say('');
    say(`Redirect parts in process (${n.toLocaleString('en')} links, each in turn; ns per call, median of ${PASSES} passes):`);
    say(
      `  link cache lookup (host, key, Map)       ${ns(perCall(n, (i) => handler.lookup(reqs[i]!, now)))}   cache holds ${handler.cache.size.toLocaleString('en')}`,
    );
    say(`  plain link target (geo)                  ${ns(perCall(n, (i) => resolveTarget(links[i]!, 'DE')))}`);
    const random = () => 0.5;
    say(
      `  50 rules, none matching (1,000 links)    ${ns(perCall(ruled.length, (i) => target(ruled[i]!, new VisitFacts(ruledReqs[i]!, now, 'DE', handler), random)))}`,
    );
    say(`  visitor (User-Agent, memo)               ${ns(perCall(n, (i) => classify(reqs[i]!.headers['user-agent'])))}`);
    say(
      `  referrer, language, query, target UTM    ${ns(
        perCall(n, (i) => {
          const r = reqs[i]!;
          const passed = passedQuery(r.url);
          return [referrerOf(r.headers.referer), languageOf(r.headers['accept-language']), mergeUtm(null, utmOfTarget(links[i]!.destination)), passed];
        }),
      )}`,
    );
    say(`  region and city (headers unset)          ${ns(perCall(n, (i) => placeOf(reqs[i]!.headers, 'DE', config, null, () => '127.0.0.1')))}`);
    // A recorder of its own on the same store (the services' one keeps its timer): count, then flush.
    const recorder = new ClickRecorder(s.repos.clicks, { warn: () => undefined });
    const visit = (i: number, at: number) => ({
      linkId: links[i]!.id,
      workspaceId: links[i]!.workspaceId,
      domain: DOMAIN,
      atMs: at,
      visitor: classify(BROWSER_UA),
      country: 'DE',
      region: null,
      city: null,
      referrer: 'news.example',
      referrerUrl: 'https://news.example/a',
      utm: null,
      trigger: 'link' as const,
      language: 'de',
      variant: null,
    });
    const at = now - (now % 3_600_000);
    // Each pass: every link's first visit (a new link-hour), a second visit (a counter held), then the flush of them all.
    const fresh: number[] = [];
    const held: number[] = [];
    const flush: [number, number][] = [];
    for (let p = 0; p < PASSES; p++) {
      let t = process.hrtime.bigint();
      for (let i = 0; i < n; i++) recorder.count(visit(i, at));
      fresh.push(Number(process.hrtime.bigint() - t) / n);
      t = process.hrtime.bigint();
      for (let i = 0; i < n; i++) recorder.count(visit(i, at));
      held.push(Number(process.hrtime.bigint() - t) / n);
      const cpu = process.cpuUsage();
      const w = performance.now();
      await recorder.flush();
      const used = process.cpuUsage(cpu);
      flush.push([performance.now() - w, ((used.user + used.system) * 1000) / n]);
    }
    const mid = <T>(xs: T[], by: (x: T) => number) => [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;
    say(`  count(): a link's first visit            ${ns(mid(fresh, (x) => x))}`);
    say(`  count(): its second visit                ${ns(mid(held, (x) => x))}`);
    const f = mid(flush, (x) => x[1]);
    say(
      `  flush of ${n.toLocaleString('en')} link-hours (2 clicks each)   ${ns(f[1])} CPU per link-hour (all threads: the writer's too), ${f[0].toFixed(0)} ms`,
    );
    const v = await recordedVisitCpu(handler, s.clicks, fx.aliases);
    const us = (x: number) => `${x.toFixed(2)} µs`;
    say(
      `  a request through the handler, main thread's CPU (no HTTP): HEAD ${us(v.head)}, GET recorded ${us(v.get)} (of which its flush ${us(v.flush)}): the recording's share ${us(v.get - v.head)}`,
    );
    say(`  the same, V8's helper threads' CPU: HEAD ${us(v.helpersHead)}, GET recorded ${us(v.helpersGet)}`);
  } finally {
    await s.repos.close();
  }
}

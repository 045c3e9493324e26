/**
 * `npm run bench`: figures, not assertions; every figure beside its reference in the same run.
 * Loopback only, bounded in time, stops by itself. Sections: redirects (vs a bare node:http server),
 * redirect-parts (the redirect's parts in process, per call, over 100,000 links),
 * the API, redirects while CSV exports stream and capped links' redirects, reading a link with 1M
 * clicks (SQLite and MongoDB), analytics over a year of hourly rollups of 1,000 links, the event
 * loop's stall while a flush of 50,000 distinct link-hours is written, the plan
 * limiter, memory with 1M links, a 1M-line blocklist feed, the health checker over 100,000 links.
 * Env: BENCH_SECONDS (default 10 per run), BENCH_SKIP_1M=1 skips the 1M-link memory figure,
 * BENCH_MEMORY_STORE=DIR keeps its seeded store for the next runs (memory.ts),
 * BENCH_LINK_IDS=random gives the 100,000-link fixture random link ids (fixtures.ts),
 * BENCH_ONLY=young-generation (only when named: one lsk per V8 setting side by side, young-generation.ts),
 * BENCH_ONLY=redirects,redirect-parts,click-writer,event-log,api,audit,loop,link-read,analytics,flush,close-hour,limiter,memory,blocklist,health runs only
 * the sections named (api includes audit: the audit log's cost on link creation, unless
 * BENCH_API_RUNS=create,list,refused narrows the api section to those loads; see api.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAnalytics } from './analytics.js';
import { benchApi } from './api.js';
import { benchAuditCost } from './audit-cost.js';
import { benchBlocklist } from './blocklist.js';
import { benchClickWriter } from './click-writer.js';
import { benchCloseHour } from './close-hour.js';
import { benchEventLog } from './event-log.js';
import { prepare } from './fixtures.js';
import { benchFlush } from './flush.js';
import { benchHealth } from './health.js';
import { benchLimiter } from './limiter.js';
import { benchLinkRead } from './link-read.js';
import { TOOL } from './load.js';
import { benchLoop } from './loop.js';
import { benchMemory } from './memory.js';
import { benchRedirects } from './redirect.js';
import { benchRedirectParts } from './redirect-parts.js';
import { benchYoungGeneration } from './young-generation.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const runs = (section: string) => !ONLY || ONLY.includes(section);

async function main(): Promise<void> {
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'lsk-bench-'));
  try {
    say(`lsk benchmark — node ${process.version}, load by ${TOOL}, ${SECONDS} s per run, loopback`);
    // The 100,000-link fixture, only for the sections that serve it.
    const sideBySide = ONLY?.includes('young-generation');
    const fx =
      runs('redirects') || runs('redirect-parts') || runs('api') || runs('audit') || runs('loop') || sideBySide ? await prepare(dir, 100_000) : undefined;
    if (fx && runs('redirects')) await benchRedirects(fx, SECONDS, say);
    // Only when named: it starts one lsk per setting.
    if (fx && sideBySide) await benchYoungGeneration(fx, SECONDS, say);
    if (fx && runs('redirect-parts')) await benchRedirectParts(fx, say);
    if (fx && runs('api')) await benchApi(fx, SECONDS, say);
    if (fx && ((runs('api') && !process.env.BENCH_API_RUNS) || runs('audit'))) await benchAuditCost(fx, SECONDS, say);
    if (fx && runs('loop')) await benchLoop(fx, SECONDS, say);
    if (runs('click-writer')) await benchClickWriter(dir, say);
    if (runs('event-log')) await benchEventLog(dir, say);
    if (runs('link-read')) await benchLinkRead(dir, SECONDS, say);
    if (runs('analytics')) await benchAnalytics(dir, say);
    if (runs('flush')) await benchFlush(dir, say);
    // Only when named: it needs a kept seed (BENCH_CLOSE_DB) and changes it.
    if (ONLY?.includes('close-hour')) await benchCloseHour(say);
    if (runs('limiter')) await benchLimiter(dir, say);
    if (runs('memory') && !process.env.BENCH_SKIP_1M) await benchMemory(say);
    if (runs('blocklist')) await benchBlocklist(dir, say);
    if (runs('health')) await benchHealth(dir, SECONDS, say);
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

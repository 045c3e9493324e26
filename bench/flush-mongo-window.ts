/**
 * The main thread's side of a MongoDB flush of 50,000 link-hours (`BENCH_ONLY=flush`,
 * BENCH_FLUSH_MONGO_WINDOW_HOURS, default 50,000; 0 skips it). FerretDB takes about a minute per
 * 1,000 link-hours, so the whole flush cannot be waited for: the event loop is watched for the
 * first BENCH_FLUSH_MONGO_WINDOW_S seconds (default 20) of the flush, which hold all the flush's
 * work that depends on its size (its records counted, its combinations looked up, every upsert and
 * event document built) and its first bulk writes, each encoded like every later one (at most 250
 * upserts or one event document). Then the flush is abandoned (the store closed), and the open
 * documents written are counted. The idle loop's figure is taken right after (FerretDB may still
 * finish the write in flight), and FerretDB's own CPU time in the window is reported: on 2 shared
 * cores it competes with the event loop's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import { loadConfig } from '../src/config/env.js';
import { ClickRecorder } from '../src/redirect/click-recorder.js';
import { OPEN } from '../src/storage/clicks/mongo-docs.js';
import { buildServices } from '../src/wiring/build-services.js';
import { DOMAIN } from './fixtures.js';
import { countVisits } from './flush-visits.js';
import { loopWatch } from './loop-watch.js';

const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };
const SECONDS = Number(process.env.BENCH_FLUSH_MONGO_WINDOW_S ?? 20);

/** CPU time (ms) of this process's child processes named like FerretDB (null when there is none). */
function ferretCpu(): number | null {
  let ms: number | null = null;
  for (const task of readdirSync('/proc/self/task')) {
    let kids: string[];
    try {
      kids = readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      continue;
    }
    for (const pid of kids) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(ferretdb')) continue;
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ms = (ms ?? 0) + ((Number(f[11]) + Number(f[12])) * 1000) / 100;
      } catch {}
    }
  }
  return ms;
}

export async function mongoWindow(url: string, n: number, label: string, say: (s: string) => void): Promise<void> {
  const s = await buildServices(loadConfig({ DATABASE_URL: url, LSK_DEFAULT_DOMAIN: DOMAIN }));
  let closed = false;
  try {
    const ws = await s.workspaces.create(BENCH, 'flush-window', 'custom', 1_000_000);
    const recorder = new ClickRecorder(s.repos.clicks, { warn: () => {} }, { maxCells: 4 * n });
    countVisits(recorder, ws.id, n, 'lnk_window');
    (globalThis as { gc?: () => void }).gc?.();
    const ferretBefore = ferretCpu();
    let ferretAfter: number | null = null;
    // The window, then the store closed (the flush's next write fails and it stops): the idle loop
    // that loopWatch measures next has none of the flush's work on it.
    const line = await loopWatch(
      async () => {
        const flush = recorder.flush().catch(() => undefined);
        await Promise.race([flush, new Promise((r) => setTimeout(r, SECONDS * 1000))]);
        ferretAfter = ferretCpu();
        closed = true;
        await s.repos.close();
        await flush;
      },
      { idleProbe: true },
    );
    const client = new MongoClient(url);
    const written = await client
      .db()
      .collection(OPEN)
      .countDocuments({ w: ws.id })
      .finally(() => client.close());
    const ferret = ferretBefore !== null && ferretAfter !== null ? `; FerretDB's own CPU meanwhile ${(ferretAfter - ferretBefore).toFixed(0)} ms` : '';
    say(
      `  ${label}, ${n.toLocaleString('en')} link-hours and as many events, the flush's first ${SECONDS} s ` +
        `(${written.toLocaleString('en')} of ${n.toLocaleString('en')} open hours written, then abandoned): ${line}${ferret}`,
    );
  } finally {
    if (!closed) await s.repos.close();
  }
}

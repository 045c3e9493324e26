/**
 * The click writer thread of a SQLite store (the compiled modules, as the server runs them) runs
 * below the process's priority by the steps of nice it is given (docs/adr/0203), read back from the
 * kernel (/proc/self/task/TID/stat), and every visit counted while it runs at the lowest priority
 * is written. Linux only: elsewhere thread priorities are not the thread's own.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { visitOf } from '../support/visit.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dist = (path: string) => import(pathToFileURL(join(ROOT, 'dist/src', path)).href);
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** This process's click writer threads: thread id -> nice (field 19 of the thread's stat). */
function writerThreads(): Map<string, number> {
  const found = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'click-writer') continue;
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      found.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('the click writer thread priority', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-writer-nice-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A migrated store with one workspace's links, opened again with `writerNice`; its writer thread's nice once started. */
  async function storeWith(name: string, writerNice: number | undefined) {
    const file = join(dir, `${name}.db`);
    const { loadConfig } = await dist('config/env.js');
    const { buildServices } = await dist('wiring/build-services.js');
    await (await buildServices(loadConfig({ DATABASE_URL: `file:${file}` }))).repos.close();
    const { openRepositories } = await dist('storage/open.js');
    const repos = await openRepositories(`file:${file}`, { clicks: writerNice === undefined ? {} : { writerNice } });
    await repos.init();
    return repos;
  }

  /** Start the writer thread with a first write; the nice of the one thread that appeared. */
  async function niceOfNewWriter(repos: { clicks: { forget(ws: string, id: string): Promise<void> } }): Promise<number[]> {
    const before = writerThreads();
    await repos.clicks.forget('wsp_none', 'lnk_none');
    return [...writerThreads()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
  }

  it('runs the steps of nice it is given below the process, and at the process priority by default and with 0', async () => {
    const base = getPriority();
    for (const [writerNice, expected] of [
      [undefined, base],
      [10, Math.min(19, base + 10)],
      [3, Math.min(19, base + 3)],
      [0, base],
    ] as const) {
      const repos = await storeWith(`nice-${writerNice}`, writerNice);
      try {
        expect(await niceOfNewWriter(repos)).toEqual([expected]);
        expect(getPriority()).toBe(base); // the test's own thread is untouched
      } finally {
        await repos.close();
      }
    }
  });

  it('at nice 19 writes every visit counted while the event loop keeps it busy', async () => {
    const repos = await storeWith('busy', 19);
    const { ClickRecorder } = await dist('redirect/click-recorder.js');
    const { classify } = await dist('redirect/user-agent.js');
    const visitor = classify(UA);
    const rec = new ClickRecorder(repos.clicks, { warn: () => {} }, { maxRecords: 20_000 });
    const links = Array.from({ length: 5_000 }, (_, i) => `lnk_busy${i}`);
    const at = Date.now();
    const visit = (linkId: string) => visitOf(linkId, visitor, { workspaceId: 'wsp_busy', atMs: at });
    try {
      expect(await niceOfNewWriter(repos)).toEqual([19]);
      // 12 rounds of 10,000 visits: each flush is sent while the next round is counted on this
      // thread, so the writer works beside a busy event loop and falls behind past the bound on records.
      const flushes: Promise<void>[] = [];
      for (let round = 0; round < 12; round++) {
        for (let i = 0; i < 10_000; i++) rec.count(visit(links[(round * 10_000 + i) % links.length]!));
        if (!rec.busy) flushes.push(rec.flush());
        await new Promise((r) => setImmediate(r)); // the writer's replies are taken between rounds
      }
      await Promise.all(flushes);
      await rec.stop();
      expect(rec).toMatchObject({ queued: 0, written: 120_000, dropped: 0 });
      const totals: Map<string, { clicks: number }> = await repos.clicks.totals('wsp_busy', links);
      expect([...totals.values()].reduce((n, t) => n + t.clicks, 0)).toBe(120_000);
      expect(totals.get('lnk_busy0')).toEqual({ clicks: 24, bots: 0 });
    } finally {
      await repos.close();
    }
  });
});

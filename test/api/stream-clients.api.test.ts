/**
 * Hostile clients on a streamed download (the links export; the audit log's CSV and the click
 * events stream share its pump), through the real server on both stores: clients that open streams
 * and never read (sockets paused) stop the store reading after a few pages (backpressure: the stream
 * waits for 'drain'), so memory stays bounded whatever the export's size; a fifth stream is refused
 * (429); a reader that resumes gets the whole file; and clients that abort mid-stream have their
 * row source closed (a MongoDB cursor with it) at once, read at most one more page, and free their
 * places; clients that read nothing for a minute (the server's test clock moved) are cut off, while
 * one that reads, however slowly, is not. Observed on /metrics: `lsk_streams_open`, `lsk_streams_blocked`, `lsk_stream_pages_total`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/domain/ids.js';
import { STREAM_STALL_MS } from '../../src/http/rest/stream-pump.js';
import { EXPORT_PAGE } from '../../src/services/link-export.js';
import { NO_BEHAVIOUR } from '../../src/services/link-fields.js';
import { openRepositories } from '../../src/storage/open.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN } from './_assert.js';

/** 5,000 links of about 4 KB each: a 20 MB export, far more than the kernel's socket buffers hold. */
const LINKS = 5000;
const PAGES = Math.ceil(LINKS / EXPORT_PAGE) + 1; // and the header
const PADDING = 'p'.repeat(4000);

interface StreamFigures {
  open: number;
  blocked: number;
  pages: number;
  heapBytes: number;
}

describe.each(STORES)('hostile clients on the export stream on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-stall-'));
  const clockFile = join(dir, 'offset-ms');
  const moveClock = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let key: string;

  /** `lsk_streams_open` and `lsk_stream_pages_total` of the export, and the heap in use, from /metrics. */
  async function figures(): Promise<StreamFigures> {
    const text = await (await fetch(`${lsk.base}/metrics`)).text();
    const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
    return {
      open: value(/^lsk_streams_open\{route="exportLinks"\} (\d+)/m),
      blocked: value(/^lsk_streams_blocked\{route="exportLinks"\} (\d+)/m),
      pages: value(/^lsk_stream_pages_total\{route="exportLinks"\} (\d+)/m),
      heapBytes: value(/^nodejs_heap_size_used_bytes (\d+)/m),
    };
  }

  /** GET /v1/links/export on a raw socket that reads nothing until told to. */
  function pausedExport(): Socket {
    const u = new URL(lsk.base);
    const socket = connect(Number(u.port), u.hostname);
    socket.pause();
    socket.write(`GET /v1/links/export HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`);
    return socket;
  }

  /** Read a paused socket to its end: how many CSV lines (link rows and the header) it carried. */
  function readAll(socket: Socket): Promise<number> {
    return new Promise((resolve, reject) => {
      let newlines = 0;
      socket.on('data', (c: Buffer) => {
        for (const b of c) if (b === 10) newlines++;
      });
      socket.on('error', reject);
      socket.on('end', () => resolve(newlines));
      socket.resume();
    });
  }

  /** Poll /metrics until `open` streams are open and `blocked` of them wait for their client to read. */
  const settled = (open: number, blocked: number) =>
    waitFor(figures, (f) => f.open === open && f.blocked === blocked, { timeout: 60_000, interval: 200, what: `${open} streams open, ${blocked} blocked` });

  beforeAll(async () => {
    moveClock(0);
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile } });
    key = await lsk.workspace('hostile', BIG_PLAN);
    const repos = await openRepositories(lsk.env.DATABASE_URL!);
    try {
      const workspaceId = (await repos.workspaces.getBySlug('hostile'))!.id;
      const createdAt = new Date();
      for (let i = 0; i < LINKS; i += 500) {
        const batch = Array.from({ length: 500 }, (_, k) => ({
          id: timeOrderedId('lnk', createdAt.getTime()),
          workspaceId,
          domain: `localhost:${lsk.port}`,
          alias: `big-${i + k}`,
          destination: `https://example.com/${i + k}?padding=${PADDING}`,
          geoTargeting: {},
          tags: [],
          createdAt,
          ...NO_BEHAVIOUR,
        }));
        await repos.links.insertMany(workspaceId, batch);
      }
      expect(await repos.links.count(workspaceId, {})).toBe(LINKS);
    } finally {
      await repos.close();
    }
  }, 300_000);
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops reading the store for clients that never read, refuses a fifth, and finishes for one that resumes', async () => {
    const before = await figures();
    const paused = Array.from({ length: 4 }, pausedExport);
    const held = await settled(4, 4);
    const pulled = held.pages - before.pages;
    // Blocked: no page more is read while nobody reads (the next scrape sees the same count).
    expect((await figures()).pages).toBe(held.pages);
    console.log(
      `${store}: 4 paused exports of ${PAGES} pages each pulled ${pulled} pages; heap ${Math.round(before.heapBytes / 2 ** 20)} -> ${Math.round(held.heapBytes / 2 ** 20)} MiB`,
    );
    // Each paused client holds what the socket buffers take and one page more, not its 20 MB export.
    // (The heap is logged, not asserted: in use includes garbage not yet collected.)
    expect(pulled).toBeLessThan(4 * (PAGES / 2));
    const fifth = await client(lsk.base, key)('GET', '/v1/links/export');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('rate_limited');
    expect((await fetch(`${lsk.base}/healthz`)).status).toBe(200);

    expect(await readAll(paused[0]!)).toBeGreaterThanOrEqual(LINKS + 1);
    const three = await settled(3, 3);
    expect(three.pages - before.pages).toBeGreaterThanOrEqual(PAGES);

    // A client that aborts: its stream closes its rows at once and reads no page more.
    paused[1]!.destroy();
    const two = await settled(2, 2);
    expect(two.pages).toBe(three.pages);
    // Clients that read nothing for STREAM_STALL_MS (the server's clock moved past it) are cut off.
    moveClock(STREAM_STALL_MS + 5000);
    const cut = await waitFor(figures, (f) => f.open === 0, { timeout: 15_000, what: 'stalled streams cut off' });
    expect(cut.pages).toBe(two.pages);
    const again = await fetch(`${lsk.base}/v1/links/export`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    await again.body!.cancel();
    await waitFor(figures, (f) => f.open === 0, { timeout: 15_000, what: 'a cancelled download closed' });
  }, 180_000);

  it('lets a client that reads slowly but steadily finish whatever the clock says', async () => {
    moveClock(0);
    const socket = pausedExport();
    await settled(1, 1);
    moveClock(STREAM_STALL_MS - 5000);
    const lines = readAll(socket);
    moveClock(2 * STREAM_STALL_MS - 10_000); // each wait for 'drain' is timed from its own start
    expect(await lines).toBeGreaterThanOrEqual(LINKS + 1);
  }, 60_000);
});

import { createReadStream, type FSWatcher, watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { parseFeedLine } from '../domain/blocklist-feed.js';
import { HostSet } from '../domain/host-set.js';
import type { FeedStats } from './blocklist.js';

/** At most this many hosts are read from the file (about 200 MB held); the rest is skipped with a warning. */
export const MAX_FEED_HOSTS = 5_000_000;
/** Lines read between two turns given to the event loop (a few milliseconds of work). */
const YIELD_EVERY = 2048;
/** Lines longer than this are skipped (no host is). */
const MAX_LINE = 4096;

export interface FeedLog {
  info?(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Reads a blocklist feed as a stream, line by line (a large file is never held whole, and the event
 * loop is given back between chunks), into a new HostSet.
 */
export async function readFeed(path: string, now: () => Date, maxHosts = MAX_FEED_HOSTS): Promise<{ hosts: HostSet; stats: FeedStats; examples: string[] }> {
  const size = (await stat(path)).size;
  // Public feeds' lines are 20 to 40 bytes: sized for the long ones, the table grows once or twice at most.
  const hosts = new HostSet(Math.min(maxHosts, Math.ceil(size / 40)));
  const lines = createInterface({ input: createReadStream(path, { highWaterMark: 64 * 1024 }), crlfDelay: Infinity });
  let count = 0;
  let skipped = 0;
  const examples: string[] = [];
  for await (const line of lines) {
    count++;
    // Lines come in chunks of thousands without a turn of the event loop between them: give it one.
    if (count % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    if (line.length > MAX_LINE) {
      skipped++;
      continue;
    }
    const parsed = parseFeedLine(line);
    if (parsed.kind === 'skipped') {
      skipped++;
      if (examples.length < 3) examples.push(`line ${count}: ${parsed.why}`);
    } else if (parsed.kind === 'hosts') {
      for (const h of parsed.hosts) {
        if (hosts.size >= maxHosts) {
          skipped++;
          break;
        }
        hosts.add(h);
      }
    }
  }
  hosts.compact();
  return { hosts, examples, stats: { path, lines: count, hosts: hosts.size, skipped, loadedAt: now(), bytes: hosts.byteLength } };
}

/** What identifies one version of the file: a change of any of these is a new file to read. */
async function signature(path: string): Promise<string | null> {
  try {
    const s = await stat(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

export interface FeedWatchOptions {
  /** Changes arriving within this long are read once. */
  debounceMs?: number;
  /** The fallback where file events are not delivered (network file systems, some containers): a stat this often. */
  statEveryMs?: number;
}

/**
 * LSK_BLOCKLIST_FILE, read at start and again whenever it changes: file events on its folder (an
 * editor or a download replaces the file by a rename, which a watch on the file itself misses)
 * plus a cheap stat every few seconds, debounced; one read at a time. A file that cannot be read
 * keeps the hosts read last (a failed download must not lift the blocks).
 */
export class FeedFile {
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private seen: string | null = null;
  private reading: Promise<void> | undefined;
  private again = false;
  /** Reads of the file, and looks at it (each stat after a sign of change). */
  reads = 0;
  looks = 0;

  constructor(
    private readonly path: string,
    private readonly loaded: (hosts: HostSet, stats: FeedStats) => void,
    private readonly log: FeedLog,
    private readonly now: () => Date,
    private readonly opts: FeedWatchOptions = {},
  ) {}

  /** Reads the file once (now). */
  async load(): Promise<void> {
    this.seen = await signature(this.path);
    if (this.seen === null) {
      this.log.warn({ file: this.path }, 'LSK_BLOCKLIST_FILE does not exist (yet); it is read once it appears');
      return;
    }
    try {
      const started = performance.now();
      const { hosts, stats, examples } = await readFeed(this.path, this.now);
      this.reads++;
      this.loaded(hosts, stats);
      const ms = Math.round(performance.now() - started);
      if (stats.hosts >= MAX_FEED_HOSTS)
        this.log.warn({ file: this.path, hosts: stats.hosts }, `LSK_BLOCKLIST_FILE holds more than ${MAX_FEED_HOSTS} hosts; the rest were skipped`);
      this.log.info?.(
        { file: this.path, lines: stats.lines, hosts: stats.hosts, skipped: stats.skipped, ms, bytes: stats.bytes, examples },
        'blocklist file read',
      );
    } catch (e) {
      this.log.warn({ file: this.path, err: e }, 'LSK_BLOCKLIST_FILE could not be read; the hosts read before stay blocked');
    }
  }

  /** Watch for changes (after `load`). */
  start(): void {
    try {
      const name = basename(this.path);
      this.watcher = watch(dirname(this.path), { persistent: false }, (_event, file) => {
        if (file === null || file === name) this.changed();
      });
      this.watcher.on('error', () => undefined);
    } catch {
      // No file events here: the stat below still sees every change.
    }
    this.poll = setInterval(() => this.changed(), this.opts.statEveryMs ?? 5000);
    this.poll.unref();
  }

  stop(): void {
    this.watcher?.close();
    clearInterval(this.poll);
    clearTimeout(this.debounce);
  }

  /** Some sign of a change: look again once things settle. */
  private changed(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.recheck(), this.opts.debounceMs ?? 250);
    this.debounce.unref();
  }

  private async recheck(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        const now = await signature(this.path);
        this.looks++;
        if (now !== null && now !== this.seen) await this.load();
      } while (this.again);
    })();
    await this.reading;
    this.reading = undefined;
  }

  /** Waits for a read under way (tests, shutdown). */
  async settled(): Promise<void> {
    await this.reading;
  }
}

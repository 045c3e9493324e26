/**
 * LSK_BLOCKLIST_FILE: read as a stream in the feed formats, re-read when it changes (replaced by a
 * rename, or rewritten in place), kept when it becomes unreadable, picked up once it appears.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Blocklist } from '../../src/abuse/blocklist.js';
import { FeedFile, readFeed } from '../../src/abuse/feed-file.js';
import { waitFor } from '../support/wait-for.js';

const now = () => new Date('2026-11-26T10:00:00.000Z');

describe('the blocklist file', () => {
  let dir: string;
  let path: string;
  const warnings: string[] = [];
  const log = { warn: (_o: object, msg: string) => void warnings.push(msg) };
  let feed: FeedFile | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lsk-feedfile-'));
    path = join(dir, 'hosts.txt');
    warnings.length = 0;
  });
  afterEach(() => {
    feed?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads every format of a mixed feed, counting what it skipped, and caps the hosts it keeps', async () => {
    writeFileSync(
      path,
      ['# header', '0.0.0.0 a.example b.example', '||c.example^', 'https://d.example/x', 'e.example', `${'x'.repeat(5000)}.example`, ''].join('\r\n'),
    );
    const { hosts, stats, examples } = await readFeed(path, now);
    expect(stats).toMatchObject({ path, lines: 6, hosts: 4, skipped: 2, loadedAt: now() });
    for (const h of ['a.example', 'b.example', 'c.example', 'e.example']) expect(hosts.match(`www.${h}`)).toBe(h);
    expect(hosts.match('d.example')).toBeNull();
    expect(examples).toEqual(['line 4: a URL, not a host (block its host instead)']);
    const capped = await readFeed(path, now, 2);
    expect(capped.stats.hosts).toBe(2);
  });

  it('re-reads the file when it is replaced or rewritten, and keeps the last hosts when it becomes unreadable', async () => {
    writeFileSync(path, 'one.example\n');
    const list = new Blocklist();
    feed = new FeedFile(path, (h, s) => list.setFile(h, s), log, now, { debounceMs: 20, statEveryMs: 100 });
    await feed.load();
    feed.start();
    expect(list.blockedBy('www.one.example')).toBe('one.example');
    const version = list.version;

    writeFileSync(`${path}.tmp`, 'two.example\n');
    renameSync(`${path}.tmp`, path);
    await waitFor(
      async () => list.blockedBy('two.example'),
      (v) => v !== null,
      { timeout: 5000, what: 'the replaced file read' },
    );
    expect(list.blockedBy('one.example')).toBeNull();
    expect(list.version).toBeGreaterThan(version);

    writeFileSync(path, 'two.example\nthree.example\n');
    await waitFor(
      async () => list.blockedBy('three.example'),
      (v) => v !== null,
      { timeout: 5000, what: 'the rewritten file read' },
    );

    const looks = feed.looks;
    rmSync(path);
    await waitFor(
      async () => feed!.looks,
      (n) => n >= looks + 2,
      { timeout: 5000, what: 'two looks at the missing file' },
    );
    expect(list.blockedBy('three.example')).toBe('three.example');
  });

  it('waits for a file that does not exist yet, and reads it once it appears', async () => {
    const list = new Blocklist();
    feed = new FeedFile(path, (h, s) => list.setFile(h, s), log, now, { debounceMs: 20, statEveryMs: 100 });
    await feed.load();
    feed.start();
    expect(warnings).toEqual(['LSK_BLOCKLIST_FILE does not exist (yet); it is read once it appears']);
    expect(list.file).toBeNull();
    writeFileSync(path, '0.0.0.0 late.example\n');
    await waitFor(
      async () => list.blockedBy('late.example'),
      (v) => v !== null,
      { timeout: 5000, what: 'the new file read' },
    );
    expect(list.file).toMatchObject({ hosts: 1, lines: 1 });
  });
});

describe('the blocklist', () => {
  it('matches addresses exactly, names under their parents, and both sources together', () => {
    const list = new Blocklist();
    list.setStored(['203.0.113.9', 'bad.example', '0.113.9']);
    expect(list.blockedBy('203.0.113.9')).toBe('203.0.113.9');
    // An address is not a "subdomain" of its last digits.
    expect(list.blockedBy('3.0.113.9')).toBeNull();
    expect(list.blockedBy('x.bad.example')).toBe('bad.example');
    expect(list.blockedBy('good.example')).toBeNull();
    expect(list.size).toBe(3);
    list.setStored([]);
    expect(list.blockedBy('bad.example')).toBeNull();
    expect(list.size).toBe(0);
  });
});

/**
 * `lsk import <source> <file>` with a sample of each tool's export (test/fixtures/import, written
 * from the formats docs/import.md cites): every row checked before the first write (a malformed row
 * refuses the file whole, or is skipped with --skip-invalid), aliases, domains, titles, tags and
 * expiries kept, one line per row, and a second run imports nothing twice; on both stores.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
/** Each case runs the CLI up to six times; one start takes seconds on a loaded machine. */
const SLOW = { timeout: 240_000 };

interface Case {
  source: string;
  file: string;
  /** The malformed row's line (CSV line, or JSON item number). */
  bad: number;
  /** What the good rows become: alias -> fields of the link. */
  links: Record<string, Record<string, unknown>>;
}

const CASES: Case[] = [
  {
    source: 'dub',
    file: 'dub.csv',
    bad: 4,
    links: { webinar: { destination: 'https://example.com/webinar', tags: ['events', 'webinar'] }, 'docs-v2': { destination: 'https://example.com/docs/v2' } },
  },
  {
    source: 'shlink',
    file: 'shlink.csv',
    bad: 4,
    links: {
      promo: { destination: 'https://example.com/promo', title: 'Promo page', tags: ['marketing', 'q4'] },
      'talk/2025': { destination: 'https://example.com/talks/2025', title: 'Conference talk', tags: ['talks'] },
    },
  },
  {
    source: 'yourls',
    file: 'yourls.csv',
    bad: 4,
    links: {
      gh: { destination: 'https://github.com/example', title: 'Example on GitHub' },
      blog: { destination: 'https://example.com/blog', title: 'The blog' },
    },
  },
  {
    source: 'kutt',
    file: 'kutt.json',
    bad: 3,
    links: {
      meetup: { destination: 'https://example.com/meetup', title: 'Monthly meetup', expires_at: '2031-01-01T00:00:00.000Z' },
      cv: { destination: 'https://example.com/cv.pdf', title: null, expires_at: null },
    },
  },
  {
    source: 'rebrandly',
    file: 'rebrandly.json',
    bad: 3,
    links: {
      tour: { destination: 'https://example.com/tour', title: 'Product tour' },
      pricing: { destination: 'https://example.com/pricing', title: 'Pricing' },
    },
  },
  {
    source: 'csv',
    file: 'lsk.csv',
    bad: 4,
    links: { 'csv-one': { destination: 'https://example.com/one', title: 'First', tags: ['a', 'b'] }, 'csv-two': { destination: 'https://example.com/two' } },
  },
];

describe.each(STORES)('lsk import on %s', (store) => {
  let lsk: Lsk;
  beforeAll(async () => {
    lsk = await startLsk(store);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  const summaryOf = (stdout: string) => JSON.parse(stdout.trimEnd().split('\n').at(-1)!);

  it.each(CASES)('$source: checks first, imports the good rows with --skip-invalid, and a re-run imports nothing twice', SLOW, async (c) => {
    const api = client(lsk.base, await lsk.workspace(c.source));
    const file = `${FIXTURES}${c.file}`;
    const args = ['import', c.source, file, '--workspace', c.source];

    const dry = await lsk.cli([...args, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`^line ${c.bad}: invalid: `, 'm'));
    expect(summaryOf(dry.stdout)).toMatchObject({ rows: 3, invalid: 1, written: false });

    const refused = await lsk.cli(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^lsk: 1 of 3 rows are invalid; nothing was imported/m);
    expect((await api('GET', '/v1/links')).body.data).toEqual([]);

    const first = await lsk.cli([...args, '--skip-invalid']);
    expect(first.code, first.stderr).toBe(0);
    expect(summaryOf(first.stdout)).toMatchObject({ rows: 3, created: 2, already_imported: 0, invalid: 1, failed: 0, written: true });
    expect(first.stdout).toMatch(/^line \d+: created lnk_\S+ http:\/\/localhost:\d+\/\S+$/m);
    expect(first.stderr).toMatch(/^lsk: 2\/2 rows written$/m);
    const links = (await api('GET', '/v1/links')).body.data as Record<string, unknown>[];
    expect(Object.fromEntries(links.map((l) => [l.alias, l]))).toMatchObject(c.links);

    const again = await lsk.cli([...args, '--skip-invalid']);
    expect(again.code, again.stderr).toBe(0);
    expect(summaryOf(again.stdout)).toMatchObject({ created: 0, already_imported: 2, failed: 0 });
    expect(again.stdout).toMatch(/^line \d+: already imported as lnk_/m);
    expect((await api('GET', '/v1/links')).body.data).toHaveLength(2);
  });

  it('bitly: a custom domain the workspace lacks is reported with the command to add it; once added, the link keeps it', SLOW, async () => {
    const api = client(lsk.base, await lsk.workspace('bitly'));
    const args = ['import', 'bitly', `${FIXTURES}bitly.csv`, '--workspace', 'bitly'];
    const dry = await lsk.cli([...args, '--dry-run']);
    expect(dry.stdout).toContain('line 3: invalid: domain: go.acme.test is not a domain of this workspace; add it first');
    expect(dry.stdout).toContain('missing domain go.acme.test: lsk domain add go.acme.test --workspace bitly');
    expect(summaryOf(dry.stdout)).toMatchObject({ rows: 3, invalid: 2, missing_domains: ['go.acme.test'] });
    expect((await lsk.cli(['domain', 'add', 'go.acme.test', '--workspace', 'bitly'])).code).toBe(0);
    const run = await lsk.cli([...args, '--skip-invalid']);
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stdout)).toMatchObject({ created: 2, invalid: 1 });
    const links = Object.fromEntries(((await api('GET', '/v1/links')).body.data as Record<string, unknown>[]).map((l) => [l.alias, l]));
    expect(links['3xKq9Zp']).toMatchObject({
      destination: 'https://example.com/spring-sale?utm_source=bitly',
      title: 'Spring sale',
      tags: ['sale', 'spring'],
      external_id: 'bitly:bit.ly/3xKq9Zp',
    });
    expect(links.launch).toMatchObject({ domain: 'go.acme.test', short_url: 'https://go.acme.test/launch', title: 'Launch page' });
  });

  it('a file of the wrong shape stops with one line and writes nothing', SLOW, async () => {
    await lsk.workspace('wrong');
    const csvAsJson = await lsk.cli(['import', 'kutt', `${FIXTURES}bitly.csv`, '--workspace', 'wrong']);
    expect(csvAsJson.code).toBe(1);
    expect(csvAsJson.stderr).toMatch(/^lsk: /m);
    const badHeader = await lsk.cli(['import', 'csv', `${FIXTURES}dub.csv`, '--workspace', 'wrong']);
    expect(badHeader.code).toBe(1);
    expect(badHeader.stderr).toMatch(/unknown CSV column/);
  });

  it('a file that cannot be read stops with one line naming it, not a stack trace', SLOW, async () => {
    await lsk.workspace('unreadable');
    const missing = `${FIXTURES}missing.csv`;
    for (const args of [
      ['import', 'bitly', missing],
      ['import', 'kutt', missing],
      ['links', 'import', missing],
      ['import', 'csv', FIXTURES],
    ]) {
      const r = await lsk.cli([...args, '--workspace', 'unreadable']);
      expect(r.code, args.join(' ')).toBe(1);
      const reason = r.stderr.split('\n').filter((l) => l && !l.startsWith('lsk: using '));
      expect(reason, args.join(' ')).toEqual([expect.stringMatching(/^lsk: cannot read \S+: (no such file or directory|the path is a directory)$/)]);
    }
  });
});

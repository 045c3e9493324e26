/**
 * Combination ids after a workspace is forgotten: SQLite hands a deleted workspace's highest ids to
 * the next combinations, and the reader threads (a database file has them; `:memory:` does not)
 * remember ids they have read. A read must still name another workspace's combinations by its own
 * values. Run on a database file and on MongoDB, with the same expectations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClicksRepository } from '../../src/storage/clicks/repository.js';
import { openRepositories } from '../../src/storage/open.js';
import { batchOf, hc, hour, openStore, uid } from './_harness.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const clock = new ManualClock(hour(30));

async function openKind(kind: 'sqlite file' | 'mongodb'): Promise<ClicksRepository> {
  if (kind === 'mongodb') {
    const opened = await openStore('mongodb', { clock });
    cleanups.push(() => opened.dispose());
    return opened.repos.clicks;
  }
  const dir = mkdtempSync(join(tmpdir(), 'lsk-combos-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const repos = await openRepositories(`file:${join(dir, 'lsk.db')}`, { clock });
  cleanups.push(() => repos.close());
  await repos.init();
  return repos.clicks;
}

describe.each(['sqlite file', 'mongodb'] as const)('combination ids on %s', (kind) => {
  it("names a new workspace's combinations by their own values after another workspace is forgotten", async () => {
    const clicks = await openKind(kind);
    const gone = uid('wsp');
    const next = uid('wsp');
    const query = (workspaceId: string) => clicks.query({ workspaceId, from: hour(0), to: hour(24), groups: ['country', 'browser'] });

    await clicks.record(batchOf([hc(uid('lnk'), gone, hour(2), [[{ country: 'FR', browser: 'Firefox' }, 3]])]));
    // Read once, so whatever reads remember this workspace's ids.
    expect((await query(gone)).groups.country).toEqual([{ key: 'FR', clicks: 3 }]);
    await clicks.forgetWorkspace(gone);
    expect((await query(gone)).total.clicks).toBe(0);

    await clicks.record(batchOf([hc(uid('lnk'), next, hour(5), [[{ country: 'DE', browser: 'Chrome' }, 2]])]));
    const a = await query(next);
    expect(a.total.clicks).toBe(2);
    expect(a.groups.country).toEqual([{ key: 'DE', clicks: 2 }]);
    expect(a.groups.browser).toEqual([{ key: 'Chrome', clicks: 2 }]);
  });
});

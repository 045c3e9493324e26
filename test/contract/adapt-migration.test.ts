import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_DOMAIN_SETTINGS } from '../../src/domain/model.js';
import { openRepositories } from '../../src/storage/open.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { sqliteAtVersion } from '../support/sqlite-at-version.js';
import { at } from './_harness.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('SQLite store at schema version 13', () => {
  it('upgrades to 14, keeping its links and domains (and the audit log table), with the new fields unset', async () => {
    expect(MIGRATIONS.length).toBeGreaterThanOrEqual(14);
    const { db, file } = sqliteAtVersion(13, cleanups);
    db.prepare("INSERT INTO domains (host, workspace_id, created_at) VALUES ('go.example', 'wsp_old', 1)").run();
    db.prepare(
      "INSERT INTO links (id, workspace_id, domain, alias, destination, geo, created_at, updated_at) VALUES ('lnk_old', 'wsp_old', 'go.example', 'spring', 'https://example.com/', '{}', 1, 1)",
    ).run();
    const audited = db.prepare('SELECT count(*) AS n FROM audit_log').get();
    db.close();

    const repos = await openRepositories(`file:${file}`);
    cleanups.push(() => repos.close());
    await repos.init();
    const link = await repos.links.get('wsp_old', 'lnk_old');
    expect(link).toMatchObject({ alias: 'spring', destination: 'https://example.com/', rules: null, variants: null, utm: null, preview: null });
    const domain = await repos.domains.get('go.example');
    // Every setting unset: the service's defaults.
    expect(domain?.settings).toEqual(NO_DOMAIN_SETTINGS);
    // The new columns and table take writes.
    const rules = [{ if: { country: ['DE'] }, to: 'https://example.de/' }];
    const updated = await repos.links.update('wsp_old', 'lnk_old', { updatedAt: at(2), rules });
    expect(updated?.rules).toEqual(rules);
    expect(await repos.utmTemplates.list('wsp_old')).toEqual([]);
    await repos.close();
    cleanups.pop();

    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(check.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual(audited);
    check.close();
  });
});

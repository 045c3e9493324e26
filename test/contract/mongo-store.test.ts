/** What the MongoDB store does beyond the shared contract: unreachable servers, restarts, database names. */
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { StoreUnavailable } from '../../src/storage/errors.js';
import { openRepositories } from '../../src/storage/open.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';
import { expectConflict, workspace } from './_harness.js';

describe('MongoDB repositories', () => {
  it('reports an unreachable server as StoreUnavailable', async () => {
    const store = await openRepositories('mongodb://127.0.0.1:9/', { dbName: 'unreachable', serverSelectionTimeoutMS: 300, startupWaitMs: 0 });
    try {
      await expect(store.init()).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.workspaces.get('wsp_x')).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.clicks.totals('wsp_x', ['lnk_x'])).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.counters.claimSlots('k', 0, [1, 2])).rejects.toBeInstanceOf(StoreUnavailable);
    } finally {
      await store.close();
    }
  });

  it('initialises the same database twice (indexes are created idempotently) and shares its data', async () => {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_init');
    const one = await openRepositories(uri, { dbName });
    const two = await openRepositories(uri, { dbName });
    try {
      await one.init();
      await two.init();
      const ws = workspace({ slug: 'twice' });
      await one.workspaces.create(ws);
      expect(await two.workspaces.getBySlug('twice')).toEqual(ws);
      await expectConflict(two.workspaces.create(workspace({ slug: 'twice' })), 'slug');
    } finally {
      const admin = new MongoClient(uri);
      await admin
        .db(dbName)
        .dropDatabase()
        .catch(() => {});
      await admin.close();
      await one.close();
      await two.close();
    }
  });

  it('takes its database name from the URI when none is given', async () => {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_uri');
    const u = new URL(uri);
    u.pathname = `/${dbName}`;
    const store = await openRepositories(u.toString());
    const admin = new MongoClient(uri);
    try {
      await store.init();
      await store.workspaces.create(workspace({ slug: 'from-uri' }));
      expect(await admin.db(dbName).collection('workspaces').countDocuments({ slug: 'from-uri' })).toBe(1);
    } finally {
      await admin
        .db(dbName)
        .dropDatabase()
        .catch(() => {});
      await admin.close();
      await store.close();
    }
  });
});

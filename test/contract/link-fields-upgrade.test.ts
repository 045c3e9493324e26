/** A MongoDB database written before link behaviour fields existed keeps working once upgraded. */
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { openRepositories } from '../../src/storage/open.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';
import { at, expectConflict, newLink } from './_harness.js';

describe('MongoDB links from before external ids', () => {
  it('gives old documents their unique-key field, creates the external-id index, and reads them with empty behaviour fields', async () => {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_upgrade');
    const admin = new MongoClient(uri);
    try {
      const old = (id: string, alias: string) => ({
        _id: id,
        workspaceId: 'wsp_old',
        domain: 'go.example',
        alias,
        destination: 'https://example.com/',
        geo: {},
        tagKeys: [],
        createdAt: at(1),
        updatedAt: at(1),
      });
      // Two links as the previous version stored them: no extKey, no behaviour fields.
      await admin
        .db(dbName)
        .collection<{ _id: string }>('links')
        .insertMany([old('lnk_old1', 'one'), old('lnk_old2', 'two')]);
      const store = await openRepositories(uri, { dbName });
      try {
        await store.init();
        expect(await store.links.get('wsp_old', 'lnk_old1')).toMatchObject({
          alias: 'one',
          title: null,
          externalId: null,
          expiresAt: null,
          maxClicks: null,
          passwordHash: null,
          deviceTargeting: {},
        });
        expect(await store.links.findRedirect('go.example', 'two')).toMatchObject({ id: 'lnk_old2', expiresAt: null, passwordHash: null });
        await store.links.update('wsp_old', 'lnk_old1', { externalId: 'e-1', updatedAt: at(2) });
        await expectConflict(store.links.update('wsp_old', 'lnk_old2', { externalId: 'e-1', updatedAt: at(3) }), 'external_id');
        await expectConflict(store.links.insert(newLink('wsp_old', { externalId: 'e-1' })), 'external_id');
        expect((await store.links.get('wsp_old', 'ext_e-1'))?.id).toBe('lnk_old1');
        // Listing unexpired links includes documents without an expiry field.
        expect((await store.links.list('wsp_old', { limit: 10, expiredAt: { now: at(5), expired: false } })).length).toBe(2);
      } finally {
        await store.close();
      }
    } finally {
      await admin
        .db(dbName)
        .dropDatabase()
        .catch(() => {});
      await admin.close();
    }
  });
});

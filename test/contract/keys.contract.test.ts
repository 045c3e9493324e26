/** The API key and signing key repositories. */
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import { SCOPES } from '../../src/domain/scopes.js';
import { SqliteApiKeys } from '../../src/storage/keys/sqlite.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { apiKey, at, describeStores, openStore, signingKey, workspace } from './_harness.js';

describeStores('key repositories', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  describe('API keys', () => {
    it('inserts, gets and lists API keys newest first, per workspace', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const k1 = await store().apiKeys.insert(apiKey(a.id, { id: 'key_1', name: 'ci', createdAt: at(1) }));
      const k2 = await store().apiKeys.insert(apiKey(a.id, { id: 'key_2', createdAt: at(2), lastUsedAt: at(3) }));
      const k3 = await store().apiKeys.insert(apiKey(a.id, { id: 'key_3', createdAt: at(2) }));
      const kb = await store().apiKeys.insert(apiKey(b.id, { id: 'key_b' }));
      expect(k1).toEqual(apiKey(a.id, { id: 'key_1', name: 'ci', createdAt: at(1) }));
      expect(await store().apiKeys.get('key_2')).toEqual(k2);
      expect(await store().apiKeys.get('key_unknown')).toBeNull();
      expect(await store().apiKeys.list(a.id)).toEqual([k3, k2, k1]);
      expect(await store().apiKeys.list(b.id)).toEqual([kb]);
    });

    it('keeps a key restricted to domains and tags as given, and an unrestricted one as null', async () => {
      const a = await newWorkspace();
      const both = await store().apiKeys.insert(apiKey(a.id, { id: 'key_r1', domains: ['go.example', 'b.example'], tags: ['Spring', 'q4'] }));
      const tagsOnly = await store().apiKeys.insert(apiKey(a.id, { id: 'key_r2', tags: ['Spring'] }));
      expect(await store().apiKeys.get('key_r1')).toEqual(both);
      expect(await store().apiKeys.get('key_r2')).toEqual(tagsOnly);
      expect((await store().apiKeys.get('key_r2'))?.domains).toBeNull();
    });

    it('revokes a key within its workspace; revoking again keeps the first time; another workspace gets null', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const key = await store().apiKeys.insert(apiKey(a.id));
      expect(await store().apiKeys.revoke(b.id, key.id, at(5))).toBeNull();
      expect((await store().apiKeys.get(key.id))!.revokedAt).toBeNull();
      expect(await store().apiKeys.revoke(a.id, key.id, at(10))).toEqual({ ...key, revokedAt: at(10) });
      expect(await store().apiKeys.revoke(a.id, key.id, at(20))).toEqual({ ...key, revokedAt: at(10) });
      expect(await store().apiKeys.revoke(a.id, 'key_unknown', at(20))).toBeNull();
    });

    it('records last-used times in one batch, never moving them backwards', async () => {
      const ws = await newWorkspace();
      const k1 = await store().apiKeys.insert(apiKey(ws.id));
      const k2 = await store().apiKeys.insert(apiKey(ws.id, { lastUsedAt: at(100) }));
      await store().apiKeys.touch(
        new Map([
          [k1.id, at(50)],
          [k2.id, at(60)],
          ['key_unknown', at(70)],
        ]),
      );
      expect((await store().apiKeys.get(k1.id))!.lastUsedAt).toEqual(at(50));
      expect((await store().apiKeys.get(k2.id))!.lastUsedAt).toEqual(at(100));
      await store().apiKeys.touch(
        new Map([
          [k1.id, at(40)],
          [k2.id, at(200)],
        ]),
      );
      expect((await store().apiKeys.get(k1.id))!.lastUsedAt).toEqual(at(50));
      expect((await store().apiKeys.get(k2.id))!.lastUsedAt).toEqual(at(200));
      await store().apiKeys.touch(new Map());
    });

    it('claims the successor of a key only once', async () => {
      const ws = await newWorkspace();
      const key = await store().apiKeys.insert(apiKey(ws.id));
      // several instances racing for the same key: exactly one wins
      const candidates = ['key_next1', 'key_next2', 'key_next3', 'key_next4', 'key_next5'];
      const results = await Promise.all(candidates.map((c) => store().apiKeys.claimSuccessor(key.id, c)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = candidates[results.indexOf(true)];
      expect((await store().apiKeys.get(key.id))!.successorId).toBe(winner);
      expect(await store().apiKeys.claimSuccessor(key.id, 'key_late')).toBe(false);
      expect((await store().apiKeys.get(key.id))!.successorId).toBe(winner);
      expect(await store().apiKeys.claimSuccessor('key_unknown', 'key_other')).toBe(false);
      // a key stored with a successor already cannot be claimed again
      const preset = await store().apiKeys.insert(apiKey(ws.id, { successorId: 'key_given' }));
      expect(await store().apiKeys.claimSuccessor(preset.id, 'key_other')).toBe(false);
      expect((await store().apiKeys.get(preset.id))!.successorId).toBe('key_given');
    });
  });

  describe('signing keys', () => {
    it('inserts a signing key unless one with that kid exists, returning the stored one either way', async () => {
      const first = signingKey('kid-a', { createdAt: at(1) });
      expect(await store().signingKeys.insert(first)).toEqual(first);
      const rival = signingKey('kid-a', { privateJwk: '{"other":1}', publicJwk: '{"other":2}', createdAt: at(2) });
      expect(await store().signingKeys.insert(rival)).toEqual(first);
      expect(await store().signingKeys.list()).toEqual([first]);
    });

    it('keeps exactly one signing key when several instances insert the same kid at once', async () => {
      const rivals = [1, 2, 3, 4].map((n) => signingKey('kid-race', { privateJwk: `{"n":${n}}`, createdAt: at(n) }));
      const stored = await Promise.all(rivals.map((k) => store().signingKeys.insert(k)));
      const kept = await store().signingKeys.list();
      expect(kept).toHaveLength(1);
      for (const s of stored) expect(s).toEqual(kept[0]);
      expect(rivals).toContainEqual(kept[0]);
    });

    it('lists signing keys oldest first and deletes them by kid', async () => {
      const k2 = await store().signingKeys.insert(signingKey('kid-b', { createdAt: at(2) }));
      const k1 = await store().signingKeys.insert(signingKey('kid-z', { createdAt: at(1) }));
      const k3 = await store().signingKeys.insert(signingKey('kid-c', { createdAt: at(2) }));
      expect(await store().signingKeys.list()).toEqual([k1, k2, k3]);
      await store().signingKeys.delete('kid-b');
      await store().signingKeys.delete('kid-unknown');
      expect(await store().signingKeys.list()).toEqual([k1, k3]);
    });
  });
});

describe('keys issued before scopes and restrictions existed hold every scope, unrestricted', () => {
  it('on SQLite (a NULL column after the migration)', async () => {
    const conn = new SqliteConnection(':memory:');
    conn.migrate();
    conn.stmt("INSERT INTO api_keys (id, workspace_id, name, kid, created_at, expires_at) VALUES ('key_old', 'wsp_a', 'old', 'k', 0, 1)").run();
    expect((await new SqliteApiKeys(conn).get('key_old'))?.scopes).toEqual([...SCOPES]);
    expect(await new SqliteApiKeys(conn).get('key_old')).toMatchObject({ domains: null, tags: null });
    conn.close();
  });

  it('on MongoDB (a document without the field)', async () => {
    const store = await openStore('mongodb');
    const client = new MongoClient(store.mongo!.uri);
    try {
      await client
        .db(store.mongo!.dbName)
        .collection<{ _id: string; [k: string]: unknown }>('api_keys')
        .insertOne({ _id: 'key_old', workspaceId: 'wsp_a', name: 'old', kid: 'k', createdAt: at(0), expiresAt: at(1) });
      expect((await store.repos.apiKeys.get('key_old'))?.scopes).toEqual([...SCOPES]);
      expect(await store.repos.apiKeys.get('key_old')).toMatchObject({ domains: null, tags: null });
    } finally {
      await client.close();
      await store.dispose();
    }
  });
});

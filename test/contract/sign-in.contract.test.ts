/**
 * The sign-in repositories on both stores: one-time records (the mechanism behind every code used
 * once and every challenge's tries), authenticator apps, passkeys, the session list, and a
 * workspace's require_2fa setting.
 */
import { describe, expect, it } from 'vitest';
import type { Passkey } from '../../src/domain/second-factor.js';
import { at, describeStores, expectConflict, session, uid, workspace } from './_harness.js';

const passkey = (userId: string, over: Partial<Passkey> = {}): Passkey => ({
  id: uid('pky'),
  credentialId: uid('cred'),
  userId,
  publicKey: 'pQECAyYgASFYIA',
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: 'laptop',
  createdAt: at(1),
  lastUsedAt: null,
  ...over,
});

describeStores('sign-in repositories', (store) => {
  describe('one-time records', () => {
    it('lets only the first claim of a key win, even when 20 race, and keeps its value until it expires', async () => {
      const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => store().oneTime.claim('totp:usr_a:123', at(100), `v${i}`)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      const value = await store().oneTime.get('totp:usr_a:123', at(50));
      expect(value).toBe(`v${wins.indexOf(true)}`);
      expect(await store().oneTime.get('totp:usr_a:123', at(100))).toBeNull();
      expect(await store().oneTime.get('unknown', at(0))).toBeNull();
      expect(await store().oneTime.claim('plain', at(10))).toBe(true);
      expect(await store().oneTime.get('plain', at(0))).toBe('');
    });

    it('refuses a claim of an expired but unswept key; the sweep frees expired keys only; release frees one', async () => {
      await store().oneTime.claim('old', at(10));
      await store().oneTime.claim('new', at(100));
      expect(await store().oneTime.claim('old', at(200))).toBe(false);
      await store().oneTime.sweep(at(50));
      expect(await store().oneTime.claim('old', at(200))).toBe(true);
      expect(await store().oneTime.claim('new', at(200))).toBe(false);
      await store().oneTime.release('new');
      await store().oneTime.release('new');
      expect(await store().oneTime.claim('new', at(200))).toBe(true);
    });
  });

  describe('authenticator apps', () => {
    it('keeps a pending secret, enables it with recovery hashes, and removes the record', async () => {
      expect(await store().twoFactor.get('usr_a')).toBeNull();
      await store().twoFactor.setPending('usr_a', 'PENDING1', at(1));
      await store().twoFactor.setPending('usr_a', 'PENDING2', at(2));
      expect(await store().twoFactor.get('usr_a')).toEqual({
        userId: 'usr_a',
        secret: null,
        enabledAt: null,
        recoveryHashes: [],
        pendingSecret: 'PENDING2',
        pendingAt: at(2),
      });
      await store().twoFactor.enable('usr_a', 'PENDING2', ['h1', 'h2'], at(3));
      const on = { userId: 'usr_a', secret: 'PENDING2', enabledAt: at(3), recoveryHashes: ['h1', 'h2'], pendingSecret: null, pendingAt: null };
      expect(await store().twoFactor.get('usr_a')).toEqual(on);
      await store().twoFactor.setPending('usr_a', 'NEXT', at(4));
      expect(await store().twoFactor.get('usr_a')).toEqual({ ...on, pendingSecret: 'NEXT', pendingAt: at(4) });
      expect(await store().twoFactor.get('usr_b')).toBeNull();
      await store().twoFactor.remove('usr_a');
      expect(await store().twoFactor.get('usr_a')).toBeNull();
    });
  });

  describe('passkeys', () => {
    it('keeps passkeys unique by credential id, lists a user’s oldest first, records use, and removes only the owner’s', async () => {
      const a = await store().passkeys.insert(passkey('usr_a', { createdAt: at(2) }));
      const b = await store().passkeys.insert(passkey('usr_a', { createdAt: at(1), transports: [] }));
      const c = await store().passkeys.insert(passkey('usr_c'));
      await expectConflict(store().passkeys.insert(passkey('usr_b', { credentialId: a.credentialId })), 'id');
      expect(await store().passkeys.listByUser('usr_a')).toEqual([b, a]);
      expect(await store().passkeys.getByCredential(c.credentialId)).toEqual(c);
      expect(await store().passkeys.getByCredential('nope')).toBeNull();
      await store().passkeys.used(a.id, 7, at(9));
      expect(await store().passkeys.getByCredential(a.credentialId)).toEqual({ ...a, counter: 7, lastUsedAt: at(9) });
      expect(await store().passkeys.remove('usr_b', a.id)).toBe(false);
      expect(await store().passkeys.remove('usr_a', a.id)).toBe(true);
      expect(await store().passkeys.remove('usr_a', a.id)).toBe(false);
      expect(await store().passkeys.listByUser('usr_a')).toEqual([b]);
    });
  });

  describe('sessions', () => {
    it('lists a user’s sessions newest first, with the browser and OS that signed in', async () => {
      const old = await store().sessions.insert(session('usr_a', { createdAt: at(1) }));
      const fresh = await store().sessions.insert(session('usr_a', { createdAt: at(5), browser: null, os: null }));
      await store().sessions.insert(session('usr_b'));
      expect(await store().sessions.listByUser('usr_a')).toEqual([fresh, old]);
      expect(await store().sessions.listByUser('usr_none')).toEqual([]);
    });
  });

  describe('workspaces', () => {
    it('keeps require_2fa: false for a new workspace, sets and clears it, and answers null for an unknown one', async () => {
      const w = await store().workspaces.create(workspace());
      expect((await store().workspaces.get(w.id))!.require2fa).toBe(false);
      expect(await store().workspaces.setRequire2fa(w.id, true)).toEqual({ ...w, require2fa: true });
      expect((await store().workspaces.getBySlug(w.slug))!.require2fa).toBe(true);
      expect((await store().workspaces.setRequire2fa(w.id, false))!.require2fa).toBe(false);
      expect(await store().workspaces.setRequire2fa('wsp_unknown', true)).toBeNull();
    });
  });
});

/** The accounts repositories: users (and password-set tokens), sessions, memberships and invites. */
import { describe, expect, it } from 'vitest';
import type { Invite, Membership, User } from '../../src/domain/accounts.js';
import { at, describeStores, expectConflict, session, uid, workspace } from './_harness.js';

const user = (over: Partial<User> = {}): User => ({
  id: uid('usr'),
  email: `${uid('u')}@Example.com`,
  name: 'Ann',
  passwordHash: null,
  createdAt: at(0),
  ...over,
});
const member = (workspaceId: string, userId: string, over: Partial<Membership> = {}): Membership => ({
  workspaceId,
  userId,
  role: 'owner',
  createdAt: at(0),
  ...over,
});
const invite = (workspaceId: string, over: Partial<Invite> = {}): Invite => ({
  id: uid('inv'),
  workspaceId,
  email: 'new@example.com',
  role: 'viewer',
  tokenHash: uid('h'),
  createdAt: at(0),
  expiresAt: at(100),
  ...over,
});

describeStores('account repositories', (store) => {
  describe('users', () => {
    it('creates users unique by email in any case, and finds them by id, email and in batches', async () => {
      const u = await store().users.create(user({ email: 'Ann@Example.com', createdAt: at(1) }));
      const v = await store().users.create(user({ createdAt: at(2) }));
      expect(await store().users.get(u.id)).toEqual(u);
      expect(await store().users.getByEmail('ann@EXAMPLE.com')).toEqual(u);
      expect(await store().users.getByEmail('nobody@example.com')).toBeNull();
      await expectConflict(store().users.create(user({ email: 'ANN@example.com' })), 'email');
      expect((await store().users.getMany([v.id, 'usr_unknown', u.id])).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())).toEqual([u, v]);
      expect(await store().users.getMany([])).toEqual([]);
      expect(await store().users.list()).toEqual([u, v]);
      await store().users.setPassword(u.id, 'scrypt$hash');
      expect((await store().users.get(u.id))!.passwordHash).toBe('scrypt$hash');
    });

    it('uses a password-set token once, and not after it expired, even when used concurrently', async () => {
      const u = await store().users.create(user());
      await store().users.insertToken({ tokenHash: 'h1', userId: u.id, expiresAt: at(100) });
      await store().users.insertToken({ tokenHash: 'h2', userId: u.id, expiresAt: at(100) });
      const uses = await Promise.all(Array.from({ length: 8 }, () => store().users.consumeToken('h1', at(50))));
      expect(uses.filter((x) => x === u.id)).toHaveLength(1);
      expect(uses.filter((x) => x === null)).toHaveLength(7);
      expect(await store().users.consumeToken('h2', at(100))).toBeNull();
      expect(await store().users.consumeToken('h2', at(50))).toBeNull();
      expect(await store().users.consumeToken('unknown', at(0))).toBeNull();
    });

    it('re-hashes a password only while the hash is still the one read, and keeps the password-set tokens', async () => {
      const u = await store().users.create(user({ passwordHash: 'scrypt$old' }));
      await store().users.insertToken({ tokenHash: 'rh1', userId: u.id, expiresAt: at(100) });
      await store().users.rehashPassword(u.id, 'scrypt$old', 'scrypt$new');
      expect((await store().users.get(u.id))!.passwordHash).toBe('scrypt$new');
      // A change in between (the hash read is no longer there) is kept.
      await store().users.rehashPassword(u.id, 'scrypt$old', 'scrypt$stale');
      expect((await store().users.get(u.id))!.passwordHash).toBe('scrypt$new');
      expect(await store().users.consumeToken('rh1', at(50))).toBe(u.id);
    });

    it('voids every outstanding token of the user when the password is set, and only theirs', async () => {
      const u = await store().users.create(user());
      const v = await store().users.create(user());
      for (const [tokenHash, userId] of [
        ['old1', u.id],
        ['old2', u.id],
        ['theirs', v.id],
      ] as const) {
        await store().users.insertToken({ tokenHash, userId, expiresAt: at(100) });
      }
      await store().users.setPassword(u.id, 'scrypt$new');
      expect(await store().users.consumeToken('old1', at(50))).toBeNull();
      expect(await store().users.consumeToken('old2', at(50))).toBeNull();
      expect(await store().users.consumeToken('theirs', at(50))).toBe(v.id);
      await store().users.insertToken({ tokenHash: 'after', userId: u.id, expiresAt: at(100) });
      expect(await store().users.consumeToken('after', at(50))).toBe(u.id);
    });
  });

  describe('sessions', () => {
    it('inserts, gets, touches (never backwards) and deletes sessions', async () => {
      const s = await store().sessions.insert(session('usr_a'));
      expect(await store().sessions.get(s.id)).toEqual(s);
      await store().sessions.touch(s.id, at(10));
      await store().sessions.touch(s.id, at(5));
      expect((await store().sessions.get(s.id))!.seenAt).toEqual(at(10));
      await store().sessions.delete(s.id);
      expect(await store().sessions.get(s.id)).toBeNull();
    });

    it("deletes a user's sessions but one, and sweeps ended and idle ones", async () => {
      const [a, b, c] = [session('usr_a'), session('usr_a'), session('usr_b')];
      for (const s of [a, b, c]) await store().sessions.insert(s);
      expect(await store().sessions.deleteForUser('usr_a', a.id)).toBe(1);
      expect(await store().sessions.get(a.id)).not.toBeNull();
      expect(await store().sessions.get(b.id)).toBeNull();
      const ended = await store().sessions.insert(session('usr_c', { expiresAt: at(50) }));
      const idle = await store().sessions.insert(session('usr_c', { seenAt: at(1) }));
      const live = await store().sessions.insert(session('usr_c', { seenAt: at(30) }));
      await store().sessions.sweep(at(60), at(20));
      expect(await store().sessions.get(ended.id)).toBeNull();
      expect(await store().sessions.get(idle.id)).toBeNull();
      expect(await store().sessions.get(live.id)).toEqual(live);
      expect(await store().sessions.deleteForUser('usr_c')).toBe(1);
    });
  });

  describe('memberships', () => {
    it('adds a member once per workspace; lists by workspace and by user, oldest first', async () => {
      const [w1, w2] = [workspace(), workspace()];
      const a = member(w1.id, 'usr_a', { createdAt: at(1) });
      const b = member(w1.id, 'usr_b', { role: 'viewer', createdAt: at(2) });
      const a2 = member(w2.id, 'usr_a', { role: 'admin', createdAt: at(3) });
      for (const m of [a, b, a2]) await store().members.add(m);
      await expectConflict(store().members.add(member(w1.id, 'usr_a', { role: 'viewer' })), 'member');
      expect(await store().members.get(w1.id, 'usr_b')).toEqual(b);
      expect(await store().members.get(w2.id, 'usr_b')).toBeNull();
      expect(await store().members.listByWorkspace(w1.id)).toEqual([a, b]);
      expect(await store().members.listByUser('usr_a')).toEqual([a, a2]);
    });

    it('changes roles and removes members, but never the last owner', async () => {
      const w = workspace();
      await store().members.add(member(w.id, 'usr_o'));
      await store().members.add(member(w.id, 'usr_v', { role: 'viewer' }));
      expect(await store().members.setRole(w.id, 'usr_o', 'admin')).toBe('last_owner');
      expect(await store().members.remove(w.id, 'usr_o')).toBe('last_owner');
      expect(await store().members.setRole(w.id, 'usr_x', 'admin')).toBe('not_found');
      expect(await store().members.remove(w.id, 'usr_x')).toBe('not_found');
      expect(await store().members.setRole(w.id, 'usr_v', 'owner')).toBe('done');
      expect(await store().members.setRole(w.id, 'usr_o', 'member')).toBe('done');
      expect(await store().members.remove(w.id, 'usr_v')).toBe('last_owner');
      expect(await store().members.remove(w.id, 'usr_o')).toBe('done');
      expect((await store().members.listByWorkspace(w.id)).map((m) => [m.userId, m.role])).toEqual([['usr_v', 'owner']]);
      expect(await store().members.listByUser('usr_o')).toEqual([]);
    });

    it('keeps an owner under concurrent demotions and removals of every owner', async () => {
      const w = workspace();
      const owners = ['usr_1', 'usr_2', 'usr_3', 'usr_4'];
      for (const u of owners) await store().members.add(member(w.id, u));
      const results = await Promise.all(owners.map((u, i) => (i % 2 ? store().members.remove(w.id, u) : store().members.setRole(w.id, u, 'viewer'))));
      expect(results.filter((r) => r === 'done')).toHaveLength(3);
      expect(results.filter((r) => r === 'last_owner')).toHaveLength(1);
      expect((await store().members.listByWorkspace(w.id)).filter((m) => m.role === 'owner')).toHaveLength(1);
    });
  });

  describe('invites', () => {
    it('lists unexpired invites newest first, per workspace; deletes within the workspace only', async () => {
      const [w1, w2] = [workspace(), workspace()];
      const i1 = await store().members.insertInvite(invite(w1.id, { createdAt: at(1) }));
      const i2 = await store().members.insertInvite(invite(w1.id, { createdAt: at(2) }));
      const old = await store().members.insertInvite(invite(w1.id, { createdAt: at(0), expiresAt: at(10) }));
      expect(await store().members.listInvites(w1.id, at(20))).toEqual([i2, i1]);
      expect(await store().members.getInvite(w1.id, old.id)).toEqual(old);
      expect(await store().members.getInvite(w2.id, i1.id)).toBeNull();
      expect(await store().members.deleteInvite(w2.id, i1.id)).toBe(false);
      expect(await store().members.deleteInvite(w1.id, i1.id)).toBe(true);
      await store().members.sweepInvites(at(20));
      expect(await store().members.getInvite(w1.id, old.id)).toBeNull();
      expect(await store().members.listInvites(w1.id, at(20))).toEqual([i2]);
    });

    it('consumes an invite once (also concurrently), never once expired', async () => {
      const w = workspace();
      const i = await store().members.insertInvite(invite(w.id, { tokenHash: 'tok1' }));
      await store().members.insertInvite(invite(w.id, { tokenHash: 'tok2', expiresAt: at(10) }));
      const uses = await Promise.all(Array.from({ length: 8 }, () => store().members.consumeInvite('tok1', at(5))));
      expect(uses.filter((x) => x !== null)).toEqual([i]);
      expect(await store().members.consumeInvite('tok2', at(10))).toBeNull();
      expect(await store().members.consumeInvite('unknown', at(0))).toBeNull();
      expect(await store().members.listInvites(w.id, at(0))).toEqual([]);
    });
  });
});

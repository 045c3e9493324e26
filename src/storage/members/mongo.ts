import type { Collection } from 'mongodb';
import type { Invite, Membership, Role } from '../../domain/accounts.js';
import { StoreConflict } from '../errors.js';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import { OneTimeUses } from '../mongo/one-time.js';
import { purgeCollections } from '../mongo/purge.js';
import { ROSTER_INDEXES, Rosters } from './mongo-roster.js';
import type { MembersRepository, OwnerChange } from './repository.js';

type InviteDoc = Omit<Invite, 'id'> & { _id: string };

export const MEMBER_INDEXES: IndexDef[] = [
  ...ROSTER_INDEXES,
  ['invites', { workspaceId: 1, createdAt: -1 }, { name: 'invites_by_workspace' }],
  ['invites', { tokenHash: 1 }, { name: 'invites_by_token', unique: true }],
  ['invites', { expiresAt: 1 }, { name: 'invites_by_expiry' }],
];

const toInvite = ({ _id, ...d }: InviteDoc): Invite => ({
  id: _id,
  workspaceId: d.workspaceId,
  email: d.email,
  role: d.role,
  tokenHash: d.tokenHash,
  createdAt: d.createdAt,
  expiresAt: d.expiresAt,
});

const seatId = (workspaceId: string, userId: string) => `${workspaceId}|${userId}`;
const owners = (ms: Membership[]) => ms.filter((m) => m.role === 'owner').length;

export class MongoMembers implements MembersRepository {
  private readonly rosters: Rosters;
  private readonly invites: Collection<InviteDoc>;
  private readonly uses: OneTimeUses;

  constructor(private readonly conn: MongoConnection) {
    this.rosters = new Rosters(conn);
    this.invites = conn.collection('invites');
    this.uses = new OneTimeUses(conn);
  }

  async add(m: Membership): Promise<Membership> {
    // The seat first: a seat without a roster entry is harmless (listByUser checks the roster).
    await this.conn.run(() =>
      this.rosters.seats.updateOne({ _id: seatId(m.workspaceId, m.userId) }, { $set: { w: m.workspaceId, u: m.userId } }, { upsert: true }),
    );
    const added = await this.rosters.edit(m.workspaceId, (ms) =>
      ms.some((x) => x.userId === m.userId) ? { result: false } : { members: [...ms, m], result: true },
    );
    if (!added) throw new StoreConflict('member');
    return m;
  }

  async get(workspaceId: string, userId: string): Promise<Membership | null> {
    return (await this.rosters.read(workspaceId)).members.find((m) => m.userId === userId) ?? null;
  }

  async listByWorkspace(workspaceId: string): Promise<Membership[]> {
    return (await this.rosters.read(workspaceId)).members;
  }

  async listByUser(userId: string): Promise<Membership[]> {
    const seats = await this.conn.run(() => this.rosters.seats.find({ u: userId }).toArray());
    const found = await Promise.all(seats.map((s) => this.get(s.w, userId)));
    return found
      .filter((m): m is Membership => m !== null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.workspaceId.localeCompare(b.workspaceId));
  }

  setRole(workspaceId: string, userId: string, role: Role): Promise<OwnerChange> {
    return this.rosters.edit<OwnerChange>(workspaceId, (ms) => {
      const i = ms.findIndex((m) => m.userId === userId);
      if (i < 0) return { result: 'not_found' };
      const next = ms.map((m, j) => (j === i ? { ...m, role } : m));
      return owners(next) === 0 && owners(ms) > 0 ? { result: 'last_owner' } : { members: next, result: 'done' };
    });
  }

  async remove(workspaceId: string, userId: string): Promise<OwnerChange> {
    const r = await this.rosters.edit<OwnerChange>(workspaceId, (ms) => {
      if (!ms.some((m) => m.userId === userId)) return { result: 'not_found' };
      const next = ms.filter((m) => m.userId !== userId);
      return owners(next) === 0 && owners(ms) > 0 ? { result: 'last_owner' } : { members: next, result: 'done' };
    });
    if (r === 'done') await this.conn.run(() => this.rosters.seats.deleteOne({ _id: seatId(workspaceId, userId) }));
    return r;
  }

  async insertInvite(invite: Invite): Promise<Invite> {
    const { id, ...rest } = invite;
    if (!(await this.conn.insertUnique(this.invites, { _id: id, ...rest }))) throw new StoreConflict('id');
    return invite;
  }

  async listInvites(workspaceId: string, now: Date): Promise<Invite[]> {
    return this.conn.run(async () =>
      (
        await this.invites
          .find({ workspaceId, expiresAt: { $gt: now } })
          .sort({ createdAt: -1, _id: -1 })
          .toArray()
      ).map(toInvite),
    );
  }

  async getInvite(workspaceId: string, id: string): Promise<Invite | null> {
    return this.conn.run(async () => {
      const d = await this.invites.findOne({ _id: id, workspaceId });
      return d ? toInvite(d) : null;
    });
  }

  async deleteInvite(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => (await this.invites.deleteOne({ _id: id, workspaceId })).deletedCount > 0);
  }

  async getInviteByToken(tokenHash: string): Promise<Invite | null> {
    return this.conn.run(async () => {
      const d = await this.invites.findOne({ tokenHash });
      return d ? toInvite(d) : null;
    });
  }

  async consumeInvite(tokenHash: string, now: Date): Promise<Invite | null> {
    const d = await this.conn.run(() => this.invites.findOne({ tokenHash }));
    if (!d || !(await this.uses.claim(`inv:${tokenHash}`, d.expiresAt))) return null;
    await this.conn.run(() => this.invites.deleteOne({ _id: d._id }));
    return d.expiresAt > now ? toInvite(d) : null;
  }

  async sweepInvites(now: Date): Promise<void> {
    await this.conn.run(() => this.invites.deleteMany({ expiresAt: { $lte: now } }));
    await this.uses.sweep(now);
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(
      this.conn,
      [
        [c('rosters'), { w: workspaceId }],
        [c('member_seats'), { w: workspaceId }],
        [c('invites'), { workspaceId }],
      ],
      limit,
    );
  }
}

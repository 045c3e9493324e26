import type { Collection } from 'mongodb';
import type { Session } from '../../domain/accounts.js';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import type { SessionsRepository } from './repository.js';

type SessionDoc = Omit<Session, 'id'> & { _id: string };

export const SESSION_INDEXES: IndexDef[] = [
  ['sessions', { userId: 1 }, { name: 'sessions_by_user' }],
  ['sessions', { expiresAt: 1 }, { name: 'sessions_by_expiry' }],
  ['sessions', { seenAt: 1 }, { name: 'sessions_by_activity' }],
];

const toSession = ({ _id, ...d }: SessionDoc): Session => ({
  id: _id,
  userId: d.userId,
  createdAt: d.createdAt,
  seenAt: d.seenAt,
  expiresAt: d.expiresAt,
  browser: d.browser ?? null,
  os: d.os ?? null,
});

/** Each session document has one writer at a time in practice (its own browser); deletes are idempotent. */
export class MongoSessions implements SessionsRepository {
  private readonly sessions: Collection<SessionDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.sessions = conn.collection('sessions');
  }

  async insert(s: Session): Promise<Session> {
    const { id, ...rest } = s;
    await this.conn.run(() => this.sessions.insertOne({ _id: id, ...rest }));
    return s;
  }

  async get(id: string): Promise<Session | null> {
    return this.conn.run(async () => {
      const d = await this.sessions.findOne({ _id: id });
      return d ? toSession(d) : null;
    });
  }

  async listByUser(userId: string): Promise<Session[]> {
    return this.conn.run(async () => (await this.sessions.find({ userId }).sort({ createdAt: -1, _id: 1 }).toArray()).map(toSession));
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.conn.run(() => this.sessions.updateOne({ _id: id, seenAt: { $lt: at } }, { $set: { seenAt: at } }));
  }

  async delete(id: string): Promise<void> {
    await this.conn.run(() => this.sessions.deleteOne({ _id: id }));
  }

  async deleteForUser(userId: string, exceptId?: string): Promise<number> {
    const filter = exceptId === undefined ? { userId } : { userId, _id: { $ne: exceptId } };
    return this.conn.run(async () => (await this.sessions.deleteMany(filter)).deletedCount);
  }

  async sweep(now: Date, idleBefore: Date): Promise<void> {
    await this.conn.run(() => this.sessions.deleteMany({ $or: [{ expiresAt: { $lte: now } }, { seenAt: { $lt: idleBefore } }] }));
  }
}

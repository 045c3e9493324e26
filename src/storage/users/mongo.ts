import type { Collection } from 'mongodb';
import { emailKey, type PasswordToken, type User } from '../../domain/accounts.js';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { OneTimeUses } from '../mongo/one-time.js';
import type { UsersRepository } from './repository.js';

type UserDoc = Omit<User, 'id'> & { _id: string; emailKey: string };
interface TokenDoc {
  _id: string;
  userId: string;
  expiresAt: Date;
}

export const USER_INDEXES: IndexDef[] = [
  ['users', { emailKey: 1 }, { name: 'users_email_key', unique: true }],
  ['password_tokens', { expiresAt: 1 }, { name: 'password_tokens_by_expiry' }],
  ['password_tokens', { userId: 1 }, { name: 'password_tokens_by_user' }],
];

const toUser = ({ _id, email, name, passwordHash, createdAt }: UserDoc): User => ({ id: _id, email, name, passwordHash: passwordHash ?? null, createdAt });

export class MongoUsers implements UsersRepository {
  private readonly users: Collection<UserDoc>;
  private readonly tokens: Collection<TokenDoc>;
  private readonly uses: OneTimeUses;

  constructor(private readonly conn: MongoConnection) {
    this.users = conn.collection('users');
    this.tokens = conn.collection('password_tokens');
    this.uses = new OneTimeUses(conn);
  }

  async create(user: User): Promise<User> {
    const { id, ...rest } = user;
    await this.conn.run(async () => {
      try {
        await this.users.insertOne({ _id: id, ...rest, emailKey: emailKey(user.email) });
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        // FerretDB does not say which index refused: an existing id is the unlikely case.
        throw new StoreConflict((await this.users.findOne({ _id: id })) ? 'id' : 'email');
      }
    });
    return user;
  }

  async get(id: string): Promise<User | null> {
    return this.conn.run(async () => {
      const d = await this.users.findOne({ _id: id });
      return d ? toUser(d) : null;
    });
  }

  async getByEmail(email: string): Promise<User | null> {
    return this.conn.run(async () => {
      const d = await this.users.findOne({ emailKey: emailKey(email) });
      return d ? toUser(d) : null;
    });
  }

  async getMany(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    return this.conn.run(async () => (await this.users.find({ _id: { $in: [...ids] } }).toArray()).map(toUser));
  }

  async list(): Promise<User[]> {
    return this.conn.run(async () => (await this.users.find({}).sort({ createdAt: 1, _id: 1 }).toArray()).map(toUser));
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.conn.run(() => this.users.updateOne({ _id: id }, { $set: { passwordHash } }));
    await this.conn.run(() => this.tokens.deleteMany({ userId: id }));
  }

  async rehashPassword(id: string, from: string, to: string): Promise<void> {
    await this.conn.run(() => this.users.updateOne({ _id: id, passwordHash: from }, { $set: { passwordHash: to } }));
  }

  async insertToken(t: PasswordToken): Promise<void> {
    await this.conn.run(() => this.tokens.insertOne({ _id: t.tokenHash, userId: t.userId, expiresAt: t.expiresAt }));
  }

  async consumeToken(tokenHash: string, now: Date): Promise<string | null> {
    const token = await this.conn.run(() => this.tokens.findOne({ _id: tokenHash }));
    if (!token || !(await this.uses.claim(`pwd:${tokenHash}`, token.expiresAt))) return null;
    await this.conn.run(() => this.tokens.deleteOne({ _id: tokenHash }));
    return token.expiresAt > now ? token.userId : null;
  }
}

import type { Collection } from 'mongodb';
import type { Membership, Role } from '../../domain/accounts.js';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';

/** One version of a workspace's member list: `{workspace}#{version}`, inserted once (docs/adr/0041). */
interface RosterDoc {
  _id: string;
  w: string;
  v: number;
  members: { userId: string; role: Role; createdAt: Date }[];
}

/** Which workspaces a user may be in (a superset: every entry is checked against the roster). */
interface SeatDoc {
  _id: string;
  w: string;
  u: string;
}

export const ROSTER_INDEXES: IndexDef[] = [
  ['rosters', { w: 1, v: -1 }, { name: 'rosters_by_workspace' }],
  ['member_seats', { u: 1 }, { name: 'member_seats_by_user' }],
  ['member_seats', { w: 1, u: 1 }, { name: 'member_seats_workspace_user', unique: true }],
];

export interface Roster {
  version: number;
  members: Membership[];
}

/** A change to a roster: the new member list, or a verdict that leaves it as it is. */
export type RosterEdit<T> = (members: Membership[]) => { members: Membership[]; result: T } | { result: T };

/**
 * A workspace's memberships as a chain of versions, each a whole member list. A change reads the
 * latest version N and inserts N+1; of two concurrent writers, the unique _id lets one win and the
 * other re-reads and tries again. So a rule over the whole list (the last owner stays) holds without
 * transactions or an atomic read-modify-write, which FerretDB 1.24 lacks.
 */
export class Rosters {
  private readonly rosters: Collection<RosterDoc>;
  readonly seats: Collection<SeatDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.rosters = conn.collection('rosters');
    this.seats = conn.collection('member_seats');
  }

  async read(workspaceId: string): Promise<Roster> {
    const d = await this.conn.run(() => this.rosters.findOne({ w: workspaceId }, { sort: { v: -1 } }));
    if (!d) return { version: 0, members: [] };
    return { version: d.v, members: d.members.map((m) => ({ workspaceId, ...m })) };
  }

  async edit<T>(workspaceId: string, edit: RosterEdit<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.read(workspaceId);
      const out = edit(current.members);
      if (!('members' in out)) return out.result;
      const v = current.version + 1;
      const members = out.members.map(({ userId, role, createdAt }) => ({ userId, role, createdAt }));
      if (await this.conn.insertUnique(this.rosters, { _id: `${workspaceId}#${v}`, w: workspaceId, v, members })) {
        if (v % 16 === 0) void this.rosters.deleteMany({ w: workspaceId, v: { $lt: v - 4 } }).catch(() => undefined);
        return out.result;
      }
      if (attempt >= 100) throw new Error(`membership change of ${workspaceId} lost 100 races in a row`);
      await new Promise((r) => setTimeout(r, Math.random() * 5 * Math.min(attempt + 1, 10)));
    }
  }
}

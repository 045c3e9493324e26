import DataLoader from 'dataloader';
import type { Invite, Membership, User } from '../domain/accounts.js';
import { LskError } from '../domain/errors.js';
import type { ApiKey, Link } from '../domain/model.js';
import type { GraphQLContext } from './context.js';

/**
 * Per-request loaders of the store reads resolvers share: within one request the same read is
 * issued once (DataLoader caches by key), and reads of many users go to the store as one batch.
 * Made on first use and kept with the request's context.
 */
export interface Loaders {
  user: DataLoader<string, User | null>;
  link: DataLoader<string, Link | null>;
  /** Links by id (never `ext_…`) the caller may see, many in one read (a row's or an event's link). */
  linkById: DataLoader<string, Link | null>;
  key: DataLoader<string, ApiKey | null>;
  invite: DataLoader<string, Invite | null>;
  membership: DataLoader<string, Membership | null>;
}

const PER_REQUEST = new WeakMap<GraphQLContext, Loaders>();

const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
  try {
    return await p;
  } catch (e) {
    if (e instanceof LskError && e.code === 'not_found') return null;
    throw e;
  }
};

export function loaders(ctx: GraphQLContext): Loaders {
  let l = PER_REQUEST.get(ctx);
  if (l) return l;
  const { directory, links } = ctx.services;
  const ws = () => ctx.principal?.workspace.id ?? '';
  l = {
    user: new DataLoader(async (ids) => {
      const found = new Map((await directory.users(ids)).map((u) => [u.id, u]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    // Through the link service: a restricted key's caller finds only its links.
    link: new DataLoader((ids) => Promise.all(ids.map((id) => (ctx.caller ? orNull(links.get(ctx.caller, id)) : null)))),
    linkById: new DataLoader(async (ids) => {
      const found = new Map((ctx.caller ? await links.many(ctx.caller, ids) : []).map((k) => [k.id, k]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    key: new DataLoader((ids) => Promise.all(ids.map(async (id) => ((k) => (k && k.workspaceId === ws() ? k : null))(await directory.key(id))))),
    invite: new DataLoader((ids) => Promise.all(ids.map((id) => directory.invite(ws(), id)))),
    membership: new DataLoader((userIds) => Promise.all(userIds.map((u) => directory.membership(ws(), u)))),
  };
  PER_REQUEST.set(ctx, l);
  return l;
}

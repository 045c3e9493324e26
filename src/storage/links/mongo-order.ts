import type { Filter, Sort } from 'mongodb';
import type { LinkDoc } from './mongo-docs.js';
import type { LinkQuery } from './repository.js';

/** The orders of a link list on MongoDB, as sqlite-order.ts has them for SQLite. */

/** The sort of a find, after adding its position's condition to `and`. */
export function orderMongo(query: LinkQuery, and: Filter<LinkDoc>[]): Sort {
  const order = query.order ?? 'newest';
  const after = query.after;
  if (order === 'alias') {
    if (after && 'alias' in after) and.push({ $or: [{ alias: { $gt: after.alias } }, { alias: after.alias, _id: { $gt: after.id } }] });
    return { alias: 1, _id: 1 };
  }
  const op = order === 'oldest' ? '$gt' : '$lt';
  if (after && 'createdAt' in after) and.push({ $or: [{ createdAt: { [op]: after.createdAt } }, { createdAt: after.createdAt, _id: { [op]: after.id } }] });
  return order === 'oldest' ? { createdAt: 1, _id: 1 } : { createdAt: -1, _id: -1 };
}

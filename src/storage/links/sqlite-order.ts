import type { LinkQuery } from './repository.js';

/**
 * The orders of a link list: newest and oldest by (created_at, id), alias by (alias, id) in byte
 * order; `after` continues after a position of the same order. (MongoDB: mongo-order.ts.)
 */

/** The ORDER BY of a query, after adding its position's condition to `where`. */
export function orderSql(query: LinkQuery, where: string[], params: Record<string, unknown>): string {
  const order = query.order ?? 'newest';
  const after = query.after;
  if (order === 'alias') {
    if (after && 'alias' in after) {
      where.push('(alias > @after_alias OR (alias = @after_alias AND id > @after_id))');
      params.after_alias = after.alias;
      params.after_id = after.id;
    }
    return 'alias ASC, id ASC';
  }
  const op = order === 'oldest' ? '>' : '<';
  if (after && 'createdAt' in after) {
    where.push(`(created_at ${op} @at OR (created_at = @at AND id ${op} @after_id))`);
    params.at = after.createdAt.getTime();
    params.after_id = after.id;
  }
  return order === 'oldest' ? 'created_at ASC, id ASC' : 'created_at DESC, id DESC';
}

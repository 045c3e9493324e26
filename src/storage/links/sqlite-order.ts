import type { LinkQuery } from './repository.js';

/**
 * The orders of a link list: newest and oldest by (created_at, id), alias by (alias, id) in byte
 * order; `after` continues after a position of the same order. (MongoDB: mongo-order.ts.)
 * The position is a row-value comparison, which SQLite reads as a range of the index (a seek to
 * the position); the same condition spelt with OR made it walk the workspace's links from the
 * first on every page, so a whole export or listing cost the square of its pages (docs/adr/0221).
 */

/** The ORDER BY of a query, after adding its position's condition to `where`. */
export function orderSql(query: LinkQuery, where: string[], params: Record<string, unknown>): string {
  const order = query.order ?? 'newest';
  const after = query.after;
  if (order === 'alias') {
    if (after && 'alias' in after) {
      where.push('(alias, id) > (@after_alias, @after_id)');
      params.after_alias = after.alias;
      params.after_id = after.id;
    }
    return 'alias ASC, id ASC';
  }
  const op = order === 'oldest' ? '>' : '<';
  if (after && 'createdAt' in after) {
    where.push(`(created_at, id) ${op} (@at, @after_id)`);
    params.at = after.createdAt.getTime();
    params.after_id = after.id;
  }
  return order === 'oldest' ? 'created_at ASC, id ASC' : 'created_at DESC, id DESC';
}

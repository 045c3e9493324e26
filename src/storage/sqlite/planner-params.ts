/**
 * Parameters the query planner would look at, written `+?` before a statement is prepared
 * (docs/adr/0187). SQLite 3.54 marks a `column = ?` term of a statement with a join, a subquery or an
 * ORDER BY, and a `LIMIT ?` after an ORDER BY, as "re-prepare if the value changes to or from 0 or
 * 1"; better-sqlite3 clears a statement's bindings after each execution, and SQLite takes a clearing
 * as such a change, so every execution parsed and planned the statement again (a third to a half of
 * a short read's time). The unary `+` on the value is a no-op for SQLite (the same value, no affinity
 * either way, the column's index still used) and keeps the planner from marking it. Comparisons
 * other than `=` (`<=`, `>=`, `!=`, `==`) and other parameters (`VALUES (?)`) are left as written.
 */
const EQUALS_PARAM = /(^|[^<>!=])=(\s*)([?@])/g;
const LIMIT_PARAM = /\b(LIMIT|OFFSET)(\s+)([?@])/gi;

export function plannerParamsUnmarked(sql: string): string {
  return sql.replace(EQUALS_PARAM, '$1=$2+$3').replace(LIMIT_PARAM, '$1$2+$3');
}

/**
 * The hours a workspace has open click rows in, within [@from, @to), as a CTE named `hrs` (column
 * `h`): one key seek per hour, and the open hours are few (the current one and the one before, until
 * the closing moves them). `click_open` is keyed by (workspace, hour, link) alone (migration 16), so
 * a read of some links' open rows names their workspace and these hours and finds each row by key,
 * instead of walking every open row of a busy workspace.
 */
export const OPEN_HOURS = `WITH RECURSIVE hrs(h) AS (
    SELECT (SELECT hour FROM click_open WHERE workspace_id = @ws AND hour >= @from AND hour < @to ORDER BY hour LIMIT 1)
    UNION ALL
    SELECT (SELECT hour FROM click_open WHERE workspace_id = @ws AND hour > h AND hour < @to ORDER BY hour LIMIT 1) FROM hrs WHERE h IS NOT NULL
  )`;

/** `OPEN_HOURS`' bounds for every hour. */
export const ALL_HOURS = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };

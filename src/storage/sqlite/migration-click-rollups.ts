/**
 * Migration 3 of the embedded store: clicks become hourly rollups (docs/adr/0016). Existing click rows
 * are folded into them, then dropped, and links lose their own counter. Old browser names map to the
 * parser's families. Open hours are one row per link and hour (`click_hours`, dimensions as a JSON
 * object of "dim:value" -> count, cheap to add to); closed hours become one row per dimension value
 * (`click_rollups`) and their totals move into `click_totals`. `click_counts` reads both.
 * The text is as it shipped: a migration never changes once released.
 */
export const CLICK_ROLLUPS_MIGRATION = `
  CREATE TABLE click_hours (
    link_id TEXT NOT NULL,
    hour INTEGER NOT NULL,
    workspace_id TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    bots INTEGER NOT NULL,
    dims TEXT NOT NULL,
    PRIMARY KEY (link_id, hour)
  ) WITHOUT ROWID;
  CREATE INDEX click_hours_by_workspace ON click_hours (workspace_id, hour);
  CREATE INDEX click_hours_by_hour ON click_hours (hour);
  CREATE TABLE click_rollups (
    link_id TEXT NOT NULL,
    hour INTEGER NOT NULL,
    dim TEXT NOT NULL,
    value TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (link_id, hour, dim, value)
  ) WITHOUT ROWID;
  CREATE INDEX click_rollups_by_workspace ON click_rollups (workspace_id, dim, hour);
  CREATE TABLE click_totals (
    link_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    bots INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE click_flushes (
    id TEXT PRIMARY KEY,
    at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE VIEW click_counts AS
    SELECT link_id, hour, dim, value, workspace_id, n FROM click_rollups
    UNION ALL SELECT link_id, hour, 'clicks', '', workspace_id, clicks FROM click_hours WHERE clicks > 0
    UNION ALL SELECT link_id, hour, 'bots', '', workspace_id, bots FROM click_hours WHERE bots > 0
    UNION ALL SELECT h.link_id, h.hour, substr(d.key, 1, instr(d.key, ':') - 1), substr(d.key, instr(d.key, ':') + 1), h.workspace_id, d.value
      FROM click_hours h, json_each(h.dims) d;
  CREATE TEMP VIEW old_clicks AS
    SELECT link_id, workspace_id, at - at % 3600000 AS hour, country, referrer_host, bot,
      CASE device WHEN 'mobile' THEN 'mobile' WHEN 'tablet' THEN 'tablet' ELSE 'desktop' END AS device,
      CASE browser WHEN 'chrome' THEN 'Chrome' WHEN 'safari' THEN 'Safari' WHEN 'firefox' THEN 'Firefox'
        WHEN 'edge' THEN 'Microsoft Edge' WHEN 'opera' THEN 'Opera' WHEN 'samsung' THEN 'Samsung Internet for Android' END AS browser
    FROM clicks WHERE link_id IN (SELECT id FROM links);
  INSERT INTO click_totals (link_id, workspace_id, clicks, bots)
    SELECT link_id, workspace_id, sum(bot = 0), sum(bot = 1) FROM old_clicks GROUP BY link_id;
  INSERT INTO click_rollups (link_id, dim, hour, value, workspace_id, n)
    SELECT link_id, 'clicks', hour, '', workspace_id, count(*) FROM old_clicks WHERE bot = 0 GROUP BY link_id, hour
    UNION ALL SELECT link_id, 'bots', hour, '', workspace_id, count(*) FROM old_clicks WHERE bot = 1 GROUP BY link_id, hour
    UNION ALL SELECT link_id, 'country', hour, country, workspace_id, count(*) FROM old_clicks WHERE bot = 0 AND country IS NOT NULL GROUP BY link_id, hour, country
    UNION ALL SELECT link_id, 'referrer', hour, referrer_host, workspace_id, count(*) FROM old_clicks WHERE bot = 0 AND referrer_host IS NOT NULL GROUP BY link_id, hour, referrer_host
    UNION ALL SELECT link_id, 'device', hour, device, workspace_id, count(*) FROM old_clicks WHERE bot = 0 GROUP BY link_id, hour, device
    UNION ALL SELECT link_id, 'browser', hour, browser, workspace_id, count(*) FROM old_clicks WHERE bot = 0 AND browser IS NOT NULL GROUP BY link_id, hour, browser;
  DROP VIEW old_clicks;
  DROP TABLE clicks;
  ALTER TABLE links DROP COLUMN clicks;
  `;

/**
 * Links with 50 redirect rules each, for the redirect bench: a mix of every condition type, none of
 * which holds for the bench's visitor (Chrome on Windows, country DE, no query, 127.0.0.1), so each
 * visit evaluates all 50 rules before it takes the destination: the most rule work a visit can cost.
 */
import Database from 'better-sqlite3';
import { randomBase62 } from '../src/domain/ids.js';

const CONDITIONS: Record<string, unknown>[] = [
  { country: ['US', 'FR', 'GB'] },
  { continent: ['AS', 'OC'] },
  { device: ['mobile', 'tablet'] },
  { os: ['iOS', 'Android'] },
  { browser: ['Firefox', 'Safari'] },
  { language: ['ja', 'ko'] },
  { query: { ref: 'partner' } },
  { ip: ['10.0.0.0/8', '192.168.0.0/16', '2001:db8::/32'] },
  { after: '2099-01-01T00:00:00.000Z' },
  { country: ['DE'], device: ['mobile'] },
];

/** 50 rules, each failing for the bench visitor. */
export const FIFTY_RULES = Array.from({ length: 50 }, (_v, i) => ({ if: CONDITIONS[i % CONDITIONS.length]!, to: `https://example.com/rule/${i}` }));

/** n links on `domain` with FIFTY_RULES, added to the fixture's store; their aliases. */
export function fillRuledLinks(file: string, workspaceId: string, domain: string, n: number): string[] {
  const db = new Database(file);
  const insert = db.prepare(
    "INSERT INTO links (id, workspace_id, domain, alias, destination, geo, rules, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', ?, ?, ?)",
  );
  const rules = JSON.stringify(FIFTY_RULES);
  const aliases: string[] = [];
  // Older than the plain links (filled a millisecond apart up to now): a page of the newest links
  // lists the plain ones, as the API bench's page of 20 means to.
  const at = Date.now() - 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const alias = `r${i.toString(36)}${randomBase62(4)}`;
      aliases.push(alias);
      insert.run(`lnk_ruled${i}`, workspaceId, domain, alias, `https://example.com/landing/${i}?ref=bench`, rules, at, at);
    }
  })();
  db.close();
  return aliases;
}

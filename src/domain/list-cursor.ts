import { decodeCursor, encodeCursor, type PagePosition } from './cursor.js';
import { LskError } from './errors.js';

/** The orders of GET /v1/links (`sort`). */
export const LINK_SORTS = ['newest', 'oldest', 'alias', 'clicks'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

export type AliasPosition = { alias: string; id: string };
export type ClicksPosition = { clicks: number; id: string };
export type ListPosition = PagePosition | AliasPosition | ClicksPosition;

const bad = () => new LskError('invalid_cursor', 'The cursor is not valid for this sort; use next_cursor from a previous page of the same sort.');

/** next_cursor of a link page at a position of its sort (newest and oldest keep the form link cursors always had). */
export function encodeListCursor(p: ListPosition): string {
  if ('createdAt' in p) return encodeCursor(p);
  const tuple = 'alias' in p ? ['a', p.alias, p.id] : ['c', p.clicks, p.id];
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/** The position a cursor of `sort` names; 400 invalid_cursor for anything else (a cursor of another sort too). */
export function decodeListCursor(sort: LinkSort, cursor: string): ListPosition {
  if (sort === 'newest' || sort === 'oldest') return decodeCursor(cursor);
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) throw bad();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(v) || v.length !== 3 || typeof v[2] !== 'string' || v[2].length > 128) throw bad();
  if (sort === 'alias' && v[0] === 'a' && typeof v[1] === 'string' && v[1].length <= 128) return { alias: v[1], id: v[2] };
  if (sort === 'clicks' && v[0] === 'c' && Number.isSafeInteger(v[1]) && (v[1] as number) >= 0) return { clicks: v[1] as number, id: v[2] };
  throw bad();
}

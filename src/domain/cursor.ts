import { LskError } from './errors.js';

/** Where a page ends in a list ordered by creation: the last row's created_at and id. */
export interface PagePosition {
  createdAt: Date;
  id: string;
}

/** The opaque `next_cursor` of link and webhook-delivery pages: a position, base64url-encoded. */
export function encodeCursor(p: PagePosition): string {
  return Buffer.from(JSON.stringify([p.createdAt.getTime(), p.id])).toString('base64url');
}

/** The position a cursor names; 400 `invalid_cursor` for anything that is not one lsk handed out. */
export function decodeCursor(cursor: string): PagePosition {
  const bad = () => new LskError('invalid_cursor', 'The cursor is not valid; use next_cursor from a previous page.');
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) throw bad();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(v) || v.length !== 2 || !Number.isSafeInteger(v[0]) || typeof v[1] !== 'string' || v[1].length > 128) throw bad();
  return { createdAt: new Date(v[0] as number), id: v[1] as string };
}

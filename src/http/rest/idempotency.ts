import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LskError } from '../../domain/errors.js';
import type { StoredResponse } from '../../storage/idempotency/repository.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../v1/route.js';

const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The Idempotency-Key header: 1 to 255 visible ASCII characters, or none. */
export function idempotencyKeyOf(req: IncomingMessage): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw === 'string' && KEY.test(raw)) return raw;
  throw LskError.validation([{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters, not starting or ending with a space' }]);
}

/** What "the same request" means: method, path and the body's bytes. */
export function requestFingerprint(method: string, path: string, body: Buffer | null): string {
  return createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(body ?? Buffer.alloc(0))
    .digest('hex');
}

/** The kept answer again, marked as a replay; the plan-limit headers are this request's. */
export function sendReplay(res: ServerResponse, stored: StoredResponse, headers: Record<string, string>): void {
  const body = Buffer.from(stored.body);
  res.writeHead(stored.status, {
    ...headers,
    ...(stored.location ? { location: stored.location } : {}),
    'idempotent-replayed': 'true',
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
}

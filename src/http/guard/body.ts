import type { IncomingMessage } from 'node:http';
import { LskError } from '../../domain/errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Read a request body: more than 1 MiB is 413 (the excess is never read: reading stops, and the
 * answer closes the connection); a body not complete within `timeoutMs` is 408 request_timeout
 * (the connection is then closed too).
 */
export function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(body!);
    };
    const timer = setTimeout(() => {
      finish(
        new LskError('request_timeout', `The request body was not complete within ${Math.round(timeoutMs / 100) / 10} s.`, {
          headers: { connection: 'close' },
        }),
      );
      req.pause();
    }, timeoutMs);
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.pause();
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', (e) => finish(e));
    req.on('close', () => {
      if (!done) finish(new LskError('request_timeout', 'The connection closed before the request body was complete.'));
    });
  });
}

function tooLarge(): LskError {
  return new LskError('payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`, { headers: { connection: 'close' } });
}

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** A JSON object body: 415 without a JSON content type, 400 invalid_json, 400 when not an object. */
export function parseJsonObject(body: Buffer, contentType: string | undefined, what = 'the body as JSON'): Record<string, unknown> {
  if (!isJsonContentType(contentType)) {
    throw new LskError('unsupported_media_type', `Send ${what} with "Content-Type: application/json".`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new LskError('invalid_json', 'The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw LskError.validation([{ path: '(body)', message: 'must be a JSON object' }]);
  }
  return parsed as Record<string, unknown>;
}

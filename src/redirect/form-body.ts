import type { IncomingMessage } from 'node:http';

/** A password form is a few hundred bytes; anything larger is refused unread. */
export const FORM_MAX_BYTES = 4096;

export type FormBody = { fields: URLSearchParams } | { problem: 'unsupported_media_type' | 'payload_too_large' | 'request_timeout' };

/**
 * The body of a form POST (application/x-www-form-urlencoded), bounded in size and time: a larger
 * or slower one is cut off, never buffered without bound.
 */
export function readForm(req: IncomingMessage, timeoutMs: number): Promise<FormBody> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return Promise.resolve({ problem: 'unsupported_media_type' });
  if (Number(req.headers['content-length'] ?? 0) > FORM_MAX_BYTES) return Promise.resolve({ problem: 'payload_too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (r: FormBody) => {
      clearTimeout(timer);
      req.removeAllListeners('data');
      // A refused or late body is not read further: its answer closes the connection.
      if ('problem' in r) req.pause();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ problem: 'request_timeout' }), timeoutMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FORM_MAX_BYTES) finish({ problem: 'payload_too_large' });
      else chunks.push(chunk);
    });
    req.on('end', () => finish({ fields: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) }));
    req.on('error', () => finish({ problem: 'request_timeout' }));
  });
}

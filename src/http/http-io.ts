import type { IncomingMessage, ServerResponse } from 'node:http';
import { LskError } from '../domain/errors.js';
import { envelope } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Read a request body, refusing more than 1 MiB (413) without buffering the excess. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!done) reject(e);
      done = true;
    });
  });
}

function tooLarge(): LskError {
  return new LskError('payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
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

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, err: LskError, requestId: string): void {
  const extra: Record<string, string> = { ...err.headers };
  if (err.retryAfter !== undefined) extra['retry-after'] = String(err.retryAfter);
  sendJson(res, err.status, envelope(err, requestId), extra);
}

const HOP_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'content-length']);

/** Copy a fetch Response (from yoga or Sofa) onto a node response. */
export async function sendFetchResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    // The body is sent whole with its length: no hop-by-hop or bogus encoding headers.
    if (HOP_HEADERS.has(k) || (k === 'content-encoding' && v === 'none')) return;
    headers[k] = v;
  });
  Object.assign(headers, extraHeaders);
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Build a fetch Request from a node request whose body was already read. */
export function toFetchRequest(req: IncomingMessage, body: Buffer | null, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'content-length' || k === 'transfer-encoding' || k === 'connection') continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  const init: RequestInit = { method: req.method ?? 'GET', headers };
  if (body && body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD') init.body = body as unknown as BodyInit;
  return new Request(new URL(req.url ?? '/', origin), init);
}

import type { ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';

export interface TransportTimeouts {
  /** Request headers must be complete within this (408 request_timeout). */
  headersTimeoutMs: number;
  /** A request body must be complete within this once its headers are (408 request_timeout). */
  bodyTimeoutMs: number;
}

/**
 * node:http settings for the edge: headers within `headersTimeoutMs`; as a backstop for bodies no
 * handler reads, the whole request within headers + body + 5 s; connections checked often enough
 * for those limits to hold to about a second.
 */
export function serverOptions(t: TransportTimeouts): ServerOptions {
  const requestTimeout = t.headersTimeoutMs + t.bodyTimeoutMs + 5000;
  return {
    keepAliveTimeout: 65_000,
    headersTimeout: t.headersTimeoutMs,
    requestTimeout,
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(t.headersTimeoutMs / 4))),
  };
}

interface Answer {
  status: number;
  reason: string;
  code: string;
  message: string;
}

/**
 * Requests node:http refuses before lsk sees them (headers too slow or too large, malformed HTTP):
 * the contract's JSON error all the same, then the connection is closed.
 */
export function clientErrorAnswer(t: TransportTimeouts): (err: NodeJS.ErrnoException, socket: Duplex) => void {
  const s = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  const answers: Record<string, Answer> = {
    ERR_HTTP_REQUEST_TIMEOUT: {
      status: 408,
      reason: 'Request Timeout',
      code: 'request_timeout',
      message: `The request was not complete in time (headers within ${s(t.headersTimeoutMs)}, a body within ${s(t.bodyTimeoutMs)}).`,
    },
    HPE_HEADER_OVERFLOW: { status: 413, reason: 'Payload Too Large', code: 'payload_too_large', message: 'The request headers are too large.' },
  };
  const malformed: Answer = { status: 400, reason: 'Bad Request', code: 'validation_failed', message: 'The request is not valid HTTP.' };
  return (err, socket) => {
    if (!socket.writable || (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && (socket as Duplex & { _httpMessage?: unknown })._httpMessage)) {
      // A response is already under way on this socket (its handler answers the timeout itself).
      socket.destroy();
      return;
    }
    const a = answers[err.code ?? ''] ?? malformed;
    const body = JSON.stringify({ error: { code: a.code, message: a.message, request_id: 'none' } });
    socket.end(
      `HTTP/1.1 ${a.status} ${a.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: none\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

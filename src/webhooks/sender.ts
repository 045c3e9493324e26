import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { requestFor } from './http-request.js';
import { type ResolvedAddress, type Resolver, resolveTarget, TargetRefused } from './ssrf.js';

export const SEND_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 4096;

export interface SendResult {
  /** null when no answer came (refused target, network error, timeout). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  /** Monotonic milliseconds (tests may move the clock; durations are measured for real). */
  now?: () => number;
}

/** A `lookup` that hands the socket the addresses already checked, so DNS cannot answer differently in between (rebinding). */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    if (opts?.all)
      cb(
        null,
        addresses.map((a) => ({ address: a.address, family: a.family })),
      );
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
}

/** Read at most MAX_RESPONSE_BYTES of the answer, then stop. */
function drain(res: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    res.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen >= MAX_RESPONSE_BYTES) {
        res.destroy();
        resolve();
      }
    });
    res.on('end', resolve);
    res.on('error', () => resolve());
    res.on('close', resolve);
  });
}

/**
 * POST one signed body: the host is resolved and checked again now, the connection goes to the
 * checked address, redirects are not followed (a 3xx is a failure), 10 s for the whole exchange.
 */
export async function send(url: string, headers: Record<string, string>, body: string, opts: SendOptions): Promise<SendResult> {
  const clock = opts.now ?? (() => performance.now());
  const started = clock();
  const elapsed = () => Math.round(clock() - started);
  const target = new URL(url);
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveTarget(target, { allowPrivate: opts.allowPrivate, ...(opts.resolve ? { resolve: opts.resolve } : {}) });
  } catch (e) {
    return { statusCode: null, error: e instanceof TargetRefused ? `refused: ${e.message}` : 'could not resolve the host', durationMs: elapsed() };
  }
  const request = await requestFor(target);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = request(
      target,
      {
        method: 'POST',
        lookup: pinnedLookup(addresses),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'lsk-webhooks/1' },
      },
      (res) => {
        void drain(res).then(() => finish({ statusCode: res.statusCode ?? null, error: null }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, error: `no answer within ${(opts.timeoutMs ?? SEND_TIMEOUT_MS) / 1000} s` });
    }, opts.timeoutMs ?? SEND_TIMEOUT_MS);
    req.on('error', (e: NodeJS.ErrnoException) => finish({ statusCode: null, error: e.code ? `connection failed (${e.code})` : 'connection failed' }));
    req.end(body);
  });
}

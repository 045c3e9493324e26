import type { IncomingMessage } from 'node:http';
import type { BlockList, LookupFunction } from 'node:net';
import { requestFor } from '../webhooks/http-request.js';
import { type ResolvedAddress, type Resolver, resolveTarget, TargetRefused } from '../webhooks/ssrf.js';

export const PROBE_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;
const USER_AGENT = 'lsk-health/1 (link checker)';

/** What requesting one target found: the final answer's status, or why none came. */
export interface ProbeResult {
  status: number | null;
  error: string | null;
}

export interface ProbeOptions {
  /** LSK_HEALTH_ALLOW_PRIVATE: true, false, or the private ranges that may be reached. */
  allowPrivate: boolean;
  allow?: BlockList;
  resolve?: Resolver;
  timeoutMs?: number;
}

/** No answer, 404, 410 or a server error: the target is failing. 401, 403, 429 and other answers show it is there. */
export function failed(r: ProbeResult): boolean {
  return r.status === null || r.status === 404 || r.status === 410 || r.status >= 500;
}

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    if (opts?.all) cb(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
}

/** One request to the checked addresses; resolves with the answer's head (the body is never read). */
async function ask(target: URL, method: 'HEAD' | 'GET', addresses: ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const request = await requestFor(target);
  return new Promise((resolve, reject) => {
    const req = request(target, { method, signal, lookup: pinnedLookup(addresses), headers: { 'user-agent': USER_AGENT, accept: '*/*' } }, (res) => {
      res.destroy(); // only the status matters
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * HEAD a target (GET when HEAD is refused with 405 or 501), following up to five redirects; every
 * hop's host is resolved and checked by the webhook SSRF rules (loopback, private, link-local and
 * metadata addresses refused unless allowed) and the connection goes to the address checked, so DNS
 * cannot answer differently in between. 10 s for the whole exchange.
 */
export async function probe(url: string, opts: ProbeOptions): Promise<ProbeResult> {
  const timeoutMs = opts.timeoutMs ?? PROBE_TIMEOUT_MS;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const timedOut = new Promise<ProbeResult>((resolve) =>
    abort.signal.addEventListener('abort', () => resolve({ status: null, error: `no answer within ${timeoutMs / 1000} s` })),
  );
  try {
    return await Promise.race([follow(url, opts, abort.signal), timedOut]);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

async function follow(url: string, opts: ProbeOptions, signal: AbortSignal): Promise<ProbeResult> {
  let current = new URL(url);
  let method: 'HEAD' | 'GET' = 'HEAD';
  for (let hops = 0; hops <= MAX_REDIRECTS; ) {
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolveTarget(current, {
        allowPrivate: opts.allowPrivate,
        ...(opts.allow ? { allow: opts.allow } : {}),
        ...(opts.resolve ? { resolve: opts.resolve } : {}),
      });
    } catch (e) {
      return { status: null, error: e instanceof TargetRefused ? `refused: ${e.message}` : `${current.hostname} could not be resolved` };
    }
    let res: IncomingMessage;
    try {
      res = await ask(current, method, addresses, signal);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return { status: null, error: code && code !== 'ABORT_ERR' ? `connection failed (${code})` : 'connection failed' };
    }
    const status = res.statusCode ?? 0;
    if (method === 'HEAD' && (status === 405 || status === 501)) {
      method = 'GET';
      continue;
    }
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return { status, error: 'redirects to an invalid URL' };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return { status, error: `redirects to a ${next.protocol} URL` };
      current = next;
      hops++;
      continue;
    }
    return { status, error: null };
  }
  return { status: null, error: `more than ${MAX_REDIRECTS} redirects` };
}

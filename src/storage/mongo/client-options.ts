import type { MongoClientOptions } from 'mongodb';

/**
 * How long an operation may wait on a MongoDB that is gone (refused, unreachable) or stopped (the
 * socket open, nothing answered), docs/adr/0022. Liveness is the driver's monitor: a `hello` every
 * 500 ms that must answer within 2 s. When it fails, the driver closes the connections in use
 * (their operations fail at once) and MongoConnection answers "unavailable" without waiting until a
 * check succeeds again. So a lost or frozen server costs a request at most about 2.5 s, while a slow
 * operation on a server that still answers its checks (a bulk of 1,000 links, a click flush, a stats
 * aggregate) is never cut off: there is no socket or operation timeout. One attempt per operation:
 * a retry would wait for server selection again (the click writer retries its batch itself; API
 * clients get 503 and may retry, with an Idempotency-Key for creates).
 */
export const OUTAGE_BOUNDS = {
  /** No selectable server: fail after this long (covers a start with nothing heard yet). */
  serverSelectionTimeoutMS: 800,
  /** How often each server is checked... */
  heartbeatFrequencyMS: 500,
  /**
   * ...and how long a check (and a new connection's TCP, TLS and handshake) may take. 500 ms treated
   * a saturated but working server as lost: a burst of 300 requests got 54 503s (docs/adr/0022).
   */
  connectTimeoutMS: 2000,
  retryReads: false,
  retryWrites: false,
} as const satisfies MongoClientOptions;

/** The options named in a connection string's query, lower-cased (the driver reads them case-insensitively). */
function uriOptionNames(uri: string): Set<string> {
  const q = uri.indexOf('?');
  if (q < 0) return new Set();
  return new Set([...new URLSearchParams(uri.slice(q + 1)).keys()].map((k) => k.toLowerCase()));
}

/**
 * The client's options: lsk's outage bounds (and explicit overrides), except where DATABASE_URL sets
 * one itself (the driver would otherwise let these options win over the URL's).
 */
export function clientOptions(uri: string, overrides: Partial<Record<keyof typeof OUTAGE_BOUNDS, number | boolean>>): MongoClientOptions {
  const inUri = uriOptionNames(uri);
  const out: Record<string, unknown> = { appName: 'lsk', ignoreUndefined: true };
  for (const [name, bound] of Object.entries(OUTAGE_BOUNDS)) {
    if (!inUri.has(name.toLowerCase())) out[name] = overrides[name as keyof typeof OUTAGE_BOUNDS] ?? bound;
  }
  return out as MongoClientOptions;
}

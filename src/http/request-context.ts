import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

const prefix = randomBytes(4).toString('hex');
let counter = 0;

/** A request id: the caller's X-Request-Id when it is sane, else a cheap unique one (no crypto per call). */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header)) return header;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}-${counter.toString(36)}`;
}

export function currentRequestId(): string {
  return requestContext.getStore()?.requestId ?? 'none';
}

import { randomBytes } from 'node:crypto';

const prefix = randomBytes(4).toString('hex');
let counter = 0;

/** A request id: the caller's X-Request-Id when it is sane, else a cheap unique one (no crypto per call). */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header)) return header;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}-${counter.toString(36)}`;
}

import type { Json } from './json-schema.js';

const seconds = { type: 'integer', minimum: 0 };

/** Sent on every answer, errors included. */
export const REQUEST_ID_HEADER: Json = {
  'X-Request-Id': {
    description: 'Id of this request (also in error bodies); a well-formed incoming X-Request-Id is kept.',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,64}$' },
  },
};

/** The plan limit's state, on every authenticated answer. */
const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests allowed per rolling 60 s (the workspace plan).', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: seconds },
  'RateLimit-Reset': { description: 'Seconds until the window frees up.', schema: seconds },
  'RateLimit-Policy': { description: 'The limit and its window, e.g. `100;w=60`.', schema: { type: 'string', pattern: '^[0-9]+;w=60$' } },
  'X-RateLimit-Limit': { description: 'Same as RateLimit-Limit (older clients).', schema: { type: 'integer', minimum: 1 } },
  'X-RateLimit-Remaining': { description: 'Same as RateLimit-Remaining (older clients).', schema: seconds },
  'X-RateLimit-Reset': { description: 'Same as RateLimit-Reset (older clients).', schema: seconds },
};

/** Headers of a success: request id, plan limit state, a rotated key when due, and Location for a created resource. */
export function successHeaders(location: boolean, idempotent = false): Json {
  const required = Object.fromEntries(Object.entries(RATE_LIMIT_HEADERS).map(([name, h]) => [name, { ...h, required: true }]));
  return {
    ...REQUEST_ID_HEADER,
    ...required,
    'Lsk-Rotated-Key': {
      description: 'The successor of an API key in the last days of its life; switch to it.',
      schema: { type: 'string', pattern: '^lsk_live_' },
    },
    ...(idempotent
      ? {
          'Idempotent-Replayed': {
            description: '`true` on the kept answer of an earlier request with the same Idempotency-Key.',
            schema: { type: 'string', enum: ['true'] },
          },
        }
      : {}),
    ...(location ? { Location: { description: 'Where the new resource lives.', required: true, schema: { type: 'string', pattern: '^/v1/' } } } : {}),
  };
}

/** Headers of an error answer: the request id, Retry-After on 429, the plan limit state when the caller was authenticated. */
export function errorHeaders(status: number): Json {
  return {
    ...REQUEST_ID_HEADER,
    ...(status === 429 ? { 'Retry-After': { description: 'Whole seconds to wait before trying again.', required: true, schema: seconds } } : {}),
    ...(status === 401 ? {} : RATE_LIMIT_HEADERS),
  };
}

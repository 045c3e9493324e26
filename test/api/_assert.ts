/**
 * Shared assertions of the black-box API suites: the contract's error envelope, the link shape and
 * small request helpers. Not a test file (vitest only picks up *.test.ts).
 */
import { expect } from 'vitest';
import type { ApiResponse } from '../support/server.js';

/**
 * The contract's error codes and their statuses (docs/api.md, "Errors"), copied on purpose rather
 * than imported from src/domain/errors.ts: a black-box test must not trust the table it checks.
 */
export const ERROR_STATUS: Record<string, number> = {
  invalid_json: 400,
  validation_failed: 400,
  invalid_cursor: 400,
  query_too_complex: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  key_expired: 401,
  key_revoked: 401,
  invalid_credentials: 401,
  insufficient_scope: 403,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  alias_taken: 409,
  domain_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
  external_id_taken: 409,
  link_expired: 410,
  idempotency_in_progress: 409,
  idempotency_key_mismatch: 422,
  two_factor_required: 403,
};

export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
export const ISO_DATE = /^\d{4}-\d\d-\d\d$/;
export const LINK_ID = /^lnk_[0-9A-Za-z]+$/;
export const KEY_ID = /^key_[0-9A-Za-z]+$/;
export const WSP_ID = /^wsp_[0-9A-Za-z]+$/;

/** Generous plan so suites that make many calls never meet the rate limit by accident. */
export const BIG_PLAN = ['--rpm', '1000000'];

/** The key id (`key_…`) inside an lsk_live_ secret: the JWT's subject. */
export const keyIdOf = (secret: string): string =>
  JSON.parse(Buffer.from(secret.slice('lsk_live_'.length).split('.')[1]!, 'base64url').toString()).sub as string;

export interface ErrorExpectation {
  /** Field paths `details` must name (each at least once, nothing else); omitted: no `details` at all. */
  paths?: string[];
}

/**
 * The full REST error envelope: status, code, a human message, `details` exactly when fields are at
 * fault (naming every expected path and no other), and `request_id` equal to the X-Request-Id header.
 */
export function expectError(res: ApiResponse, status: number, code: string, opts: ErrorExpectation = {}): void {
  const seen = { status: res.status, code: res.body?.error?.code };
  expect(seen, `body: ${res.text.slice(0, 500)}`).toEqual({ status, code });
  expect(ERROR_STATUS[code]).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  const err = res.body.error;
  const allowed = ['code', 'message', 'details', 'request_id'];
  expect(Object.keys(err).filter((k) => !allowed.includes(k))).toEqual([]);
  expect(typeof err.message).toBe('string');
  expect(err.message.length).toBeGreaterThan(0);
  expect(err.message).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\.js:\d+/);
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(err.request_id).toBe(requestId);
  if (opts.paths === undefined) {
    expect(err.details, `unexpected details: ${JSON.stringify(err.details)}`).toBeUndefined();
  } else {
    expect(Array.isArray(err.details)).toBe(true);
    for (const d of err.details) {
      expect(Object.keys(d).sort()).toEqual(['message', 'path']);
      expect(typeof d.path).toBe('string');
      expect(typeof d.message).toBe('string');
      expect(d.message.length).toBeGreaterThan(0);
    }
    const paths = [...new Set((err.details as { path: string }[]).map((d) => d.path))].sort();
    expect(paths, JSON.stringify(err.details)).toEqual([...new Set(opts.paths)].sort());
  }
}

/** The behaviour fields of a link that sets none of them. */
export const NO_BEHAVIOUR = {
  title: null,
  external_id: null,
  expires_at: null,
  expired_url: null,
  max_clicks: null,
  password_protected: false,
  device_targeting: {},
  status: 'active',
  rules: null,
  variants: null,
  utm: null,
  preview: null,
  // Not checked yet (checks come within LSK_HEALTH_INTERVAL_H, 24 h by default).
  destination_health: { status: 'unknown', http_status: null, checked_at: null },
};

/** The returned link: exactly the contract's fields, with the right types. */
export function expectLinkShape(link: Record<string, unknown>): void {
  expect(Object.keys(link).sort()).toEqual(
    [
      ...['alias', 'clicks', 'created_at', 'destination', 'domain', 'geo_targeting', 'id', 'short_url', 'tags', 'updated_at'],
      ...['title', 'external_id', 'expires_at', 'expired_url', 'max_clicks', 'password_protected', 'device_targeting', 'status'],
      ...['rules', 'variants', 'utm', 'preview'],
      'destination_health',
    ].sort(),
  );
  expect(link.id).toMatch(LINK_ID);
  expect(typeof link.alias).toBe('string');
  expect(typeof link.domain).toBe('string');
  expect(typeof link.destination).toBe('string');
  expect(link.geo_targeting).toBeTypeOf('object');
  expect(link.geo_targeting).not.toBeNull();
  expect(Array.isArray(link.geo_targeting)).toBe(false);
  expect(Array.isArray(link.tags)).toBe(true);
  expect(Number.isInteger(link.clicks)).toBe(true);
  expect(link.created_at).toMatch(ISO_TIME);
  expect(link.updated_at).toMatch(ISO_TIME);
  expect(typeof link.password_protected).toBe('boolean');
  expect(['active', 'expired', 'exhausted']).toContain(link.status);
  expect(link.device_targeting).toBeTypeOf('object');
  expect(link.device_targeting).not.toBeNull();
  const scheme = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(String(link.domain)) ? 'http' : 'https';
  expect(link.short_url).toBe(`${scheme}://${String(link.domain)}/${String(link.alias)}`);
}

type Api = <T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST /v1/links that must succeed; returns the link. */
export async function createLink(api: Api, body: Record<string, unknown>): Promise<any> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await api('POST', '/v1/links', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Every link of the workspace (walks next_cursor with limit=100). */
export async function allLinks(api: Api, query = ''): Promise<any[]> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const out: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const params = new URLSearchParams(query);
    params.set('limit', '100');
    if (cursor) params.set('cursor', cursor);
    const res = await api('GET', `/v1/links?${params}`);
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('too many pages');
}

/** A GraphQL call over HTTP (POST JSON). */
export function graphql(base: string, key?: string) {
  return async function gql(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      body: JSON.stringify(variables === undefined ? { query } : { query, variables }),
    });
    const text = await res.text();
    let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
}

/** Helpers of the accounts suites: users made with the real CLI, sessions held as a cookie header. Not a test file. */
import { expect } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { type ApiResponse, client, type Lsk } from '../support/server.js';

/**
 * Settings for a server whose tests set and check many passwords: new hashes at scrypt N = 2^12
 * (LSK_PASSWORD_COST's floor, about a twelfth of the CPU of the default 2^15, which
 * test/unit/passwords.test.ts holds to). What the tests check does not depend on the cost.
 */
export const CHEAP_PASSWORDS = { LSK_PASSWORD_COST: '12' } as const;

let addr = 0;
/** A client address of its own (the suites run with LSK_TRUST_PROXY=1), so sign-in throttling per address stays per test. */
export const freshAddress = (): string => `10.${Math.floor(addr / 250) % 250}.${++addr % 250}.${Math.floor(Math.random() * 250)}`;

/** The `lsk_session=…` pair of a response's Set-Cookie (for a Cookie header). */
export function cookieOf(res: { headers: Headers }): string {
  const set = res.headers.get('set-cookie') ?? '';
  const m = /^(lsk_session=[^;]*)/.exec(set);
  expect(m, `no session cookie in "${set}"`).not.toBeNull();
  return m![1]!;
}

export interface Account {
  email: string;
  password: string;
  /** The Cookie header of the session started when the password was set. */
  cookie: string;
}

/**
 * `lsk user create` (its command run in this process: seeding, see test/support/cli-in-process.ts)
 * then the printed link's token through POST /auth/password (which signs in).
 */
export async function newAccount(lsk: Lsk, email: string, workspace: string, role = 'owner', password = 'correct horse battery'): Promise<Account> {
  const created = await cliLines(['user', 'create', email, '--workspace', workspace, '--role', role], lsk.env);
  return setPassword(lsk, email, tokenOf(created.at(-1)!), password);
}

/** The password set with a set-password link's token (POST /auth/password, which signs in). */
export async function setPassword(lsk: Lsk, email: string, token: string, password = 'correct horse battery'): Promise<Account> {
  const res = await post(lsk, '/auth/password', { token, new_password: password });
  expect(res.status, res.text).toBe(204);
  return { email, password, cookie: cookieOf(res) };
}

/** The token of a printed set-password link. */
export function tokenOf(link: string): string {
  const m = /\/dashboard\/set-password#token=([A-Za-z0-9_-]{43})$/.exec(link);
  expect(m, `not a set-password link: ${link}`).not.toBeNull();
  return m![1]!;
}

/** POST without a key, from an address of its own unless `headers` names one. */
export function post(lsk: Lsk, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return client(lsk.base)('POST', path, body, { 'x-forwarded-for': freshAddress(), ...headers });
}

/** The headers of a dashboard call in `workspace`. */
export const dashboard = (cookie: string, workspace: string): Record<string, string> => ({ cookie, 'lsk-workspace': workspace, 'x-lsk-csrf': '1' });

export async function signIn(lsk: Lsk, email: string, password: string, address = freshAddress()): Promise<ApiResponse> {
  return post(lsk, '/auth/sign-in', { email, password }, { 'x-forwarded-for': address });
}

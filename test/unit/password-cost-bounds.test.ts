/**
 * A stored hash may name scrypt parameters only up to what lsk makes (N·r ≤ 2^17·8, p = 1): beyond
 * that it matches no password, even the right one, without deriving anything, and a warning is
 * logged once per process.
 */
import { scryptSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setPasswordWarnings, verifyPassword } from '../../src/domain/passwords.js';

const salt = Buffer.from('0123456789abcdef');
function hashWith(password: string, N: number, r: number, p: number): string {
  const key = scryptSync(password, salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}
const fakeKey = Buffer.alloc(32, 7).toString('base64url');
const named = (N: number, r: number, p: number) => `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${fakeKey}`;

describe('stored scrypt parameters beyond what lsk makes', () => {
  const warnings: string[] = [];
  // Set when this file runs, not when it is collected: unit files share one module graph.
  beforeAll(() => setPasswordWarnings((m) => warnings.push(m)));

  it('a right password under p = 2 (no format of ours ever wrote p above 1) matches nothing', async () => {
    expect(await verifyPassword('right', hashWith('right', 2 ** 12, 8, 2))).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/N=4096 r=8 p=2/);
  });

  it.each([
    ['N = 2^20, r = 32, p = 16 (4 GiB)', 2 ** 20, 32, 16],
    ['N = 2^18, r = 8 (256 MiB)', 2 ** 18, 8, 1],
    ['N = 2^16, r = 32 (N·r above 2^17·8)', 2 ** 16, 32, 1],
    ['N = 2, r = 2^21', 2, 2 ** 21, 1],
  ])('%s matches nothing at once, and the warning is not repeated', async (_why, N, r, p) => {
    const started = performance.now();
    expect(await verifyPassword('anything', named(N, r, p))).toBe(false);
    // Nothing derived: a check at these costs takes seconds, a refusal well under one.
    expect(performance.now() - started).toBeLessThan(500);
    expect(warnings).toHaveLength(1);
  });

  it('the largest cost lsk makes (N = 2^17, r = 8, p = 1) is still checked', async () => {
    expect(await verifyPassword('right', hashWith('right', 2 ** 17, 8, 1))).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});

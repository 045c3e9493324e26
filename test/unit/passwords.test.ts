/**
 * One password module for account and link passwords: new hashes carry their parameters, hashes
 * made with other parameters (link passwords were N = 2^14) are still read, and a stored hash with
 * absurd parameters or a wrong shape matches nothing.
 */
import { scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { hashPassword, PASSWORD_COST, setPasswordCost, verifyPassword } from '../../src/domain/passwords.js';

function hashWith(password: string, N: number): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return `scrypt$${N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('passwords', () => {
  it('hashes with its parameters in the hash and checks the password against it', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });

  it('reads a link password hashed with N = 2^14, and canonically equal spellings match', async () => {
    const hash = hashWith('caf\u00e9', 2 ** 14);
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
    expect(await verifyPassword('cafe', hash)).toBe(false);
  });

  it.each([
    ['another scheme', 'bcrypt$16384$8$1$c2FsdA$a2V5'],
    ['no key', 'scrypt$16384$8$1$c2FsdA$'],
    ['N not a power of two', 'scrypt$16383$8$1$c2FsdA$a2V5'],
    ['N above 2^20', `scrypt$${2 ** 21}$8$1$c2FsdA$a2V5`],
    ['r above 32', 'scrypt$16384$64$1$c2FsdA$a2V5'],
    ['p not a number', 'scrypt$16384$8$x$c2FsdA$a2V5'],
  ])('a stored hash with %s matches nothing', async (_why, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  describe('LSK_PASSWORD_COST', () => {
    afterEach(() => setPasswordCost(PASSWORD_COST.default));

    it('is 15 (N = 2^15) unless set, as production runs; 12 to 17 when set (2^17 holds 128 MiB per hash while it runs), anything else refused at start', () => {
      expect(loadConfig({}).passwordCost).toBe(15);
      expect(PASSWORD_COST.default).toBe(15);
      expect(loadConfig({ LSK_PASSWORD_COST: '12' }).passwordCost).toBe(12);
      expect(loadConfig({ LSK_PASSWORD_COST: '17' }).passwordCost).toBe(17);
      for (const bad of ['11', '18', '20', '14.5', 'low']) {
        expect(() => loadConfig({ LSK_PASSWORD_COST: bad }), bad).toThrow(/^invalid configuration: LSK_PASSWORD_COST: /);
      }
      expect(() => setPasswordCost(11)).toThrow(RangeError);
    });

    it('makes new hashes at the cost set; hashes made at another cost still match', async () => {
      const before = await hashPassword('correct horse');
      setPasswordCost(12);
      const cheap = await hashPassword('correct horse');
      expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
      expect(await verifyPassword('correct horse', cheap)).toBe(true);
      expect(await verifyPassword('correct horse', before)).toBe(true);
      setPasswordCost(15);
      expect(await hashPassword('correct horse')).toMatch(/^scrypt\$32768\$/);
    });
  });
});

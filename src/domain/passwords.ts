import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes, for account passwords and link passwords alike (docs/adr/0021): scrypt from
 * node:crypto (no native add-on), N = 2^15, r = 8, p = 1, a 16-byte random salt and a 32-byte key
 * (OWASP's minimum for scrypt is N = 2^17 with p = 1 or N = 2^15 with a higher cost elsewhere;
 * 2^15·8 needs 32 MiB and ~50–100 ms per hash here). Hashing and checking run in libuv's thread
 * pool (async scrypt), never on the event loop. Passwords are NFC-normalised first.
 *
 * Format: `scrypt$N$r$p$salt$key` (base64url). The parameters are stored with each hash, so hashes
 * made with other ones (link passwords were hashed with N = 2^14 before) are still read, and
 * raising them later re-hashes nothing and breaks nothing.
 */
/** log2 N of new hashes: 15 unless the operator sets LSK_PASSWORD_COST (never below 12, see setPasswordCost). */
export const PASSWORD_COST = { default: 15, min: 12, max: 17 } as const;
let PARAMS = { N: 2 ** PASSWORD_COST.default, r: 8, p: 1 };

/**
 * The cost of hashes made from now on (LSK_PASSWORD_COST, set once at start by the services'
 * wiring): N = 2^log2N, 12 to 17. Lower is cheaper to guess as well as to check; 12 (4 MiB, about
 * 10 ms) is the floor, for test servers that set thousands of passwords. Hashes already stored keep
 * their own parameters and are still checked with them.
 */
export function setPasswordCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < PASSWORD_COST.min || log2N > PASSWORD_COST.max) {
    throw new RangeError(`password cost must be an integer from ${PASSWORD_COST.min} to ${PASSWORD_COST.max}, not ${log2N}`);
  }
  if (PARAMS.N === 2 ** log2N) return;
  PARAMS = { ...PARAMS, N: 2 ** log2N };
  dummy = undefined; // an unknown email's check costs what a known one's does
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface Cost {
  N: number;
  r: number;
  p: number;
}

/**
 * Parameters a stored hash may name: at most the memory of the largest cost we make (N·r up to
 * 2^17·8, 128 MiB) and p = 1, the only p any of our formats (link or account passwords) ever wrote.
 * Anything beyond would let one stored row cost gigabytes per check.
 */
const MAX_N_R = 2 ** PASSWORD_COST.max * 8;
const MAX_P = 1;
function isSaneCost({ N, r, p }: Cost): boolean {
  const small = (v: number, max: number) => Number.isSafeInteger(v) && v > 0 && v <= max;
  return small(N, MAX_N_R) && (N & (N - 1)) === 0 && N > 1 && small(r, MAX_N_R) && N * r <= MAX_N_R && small(p, MAX_P);
}

/** Where a stored hash with parameters out of bounds is reported (once per sink, so once per process): the services' log once wired. */
let warn: (message: string) => void = (message) => process.emitWarning(message);
let warned = false;
export function setPasswordWarnings(to: (message: string) => void): void {
  warn = to;
  warned = false;
}
function refuseCost(cost: Cost): false {
  if (!warned) {
    warned = true;
    warn(`a stored password hash names scrypt N=${cost.N} r=${cost.r} p=${cost.p}, beyond what lsk makes; it matches no password`);
  }
  return false;
}

function derive(password: string, salt: Buffer, o: Cost): Promise<Buffer> {
  const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 256 * o.N * o.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (e, key) => (e ? reject(e) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches a stored hash (constant-time); a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isSaneCost(cost)) return refuseCost(cost);
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether a stored hash was made with other parameters than new hashes get: a sign-in re-hashes it,
 * so a known email's check costs what an unknown one's (against the dummy hash) does.
 */
export function isOutdated(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** A hash of nothing anyone knows: checked against when the email is unknown, so both failures take as long. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

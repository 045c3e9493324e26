import type { CryptoKey, JWK } from 'jose';
import { type Clock, DAY_MS } from '../domain/clock.js';
import type { SigningKey } from '../domain/model.js';
import type { SigningKeysRepository } from '../storage/keys/repository.js';
import { jose } from './jose.js';

export const SIGNING_ALG = 'EdDSA';

interface LoadedKey {
  kid: string;
  generation: number;
  createdAt: Date;
  publicJwk: JWK;
  privateJwk: string;
  /** Imported on first use (a command that verifies nothing does not load jose). */
  verifyKey?: CryptoKey;
  signKey?: CryptoKey;
}

export interface KeyringOptions {
  rotateDays: number;
  keyTtlDays: number;
}

const kidFor = (generation: number) => `sk_${String(generation).padStart(6, '0')}`;
const generationOf = (kid: string) => Number(/^sk_(\d+)$/.exec(kid)?.[1] ?? 0);

/**
 * The service's Ed25519 signing keys, kept in the store so every instance signs and verifies alike.
 * Rotation: the successor of generation N is kid sk_N+1, inserted only if absent, so however many
 * instances race, exactly one new key appears per rotation. Retired public keys stay in the JWKS
 * until every API key they can have signed has expired.
 */
export class Keyring {
  private keys = new Map<string, LoadedKey>();
  private lastRefresh = 0;

  constructor(
    private readonly store: SigningKeysRepository,
    private readonly clock: Clock,
    private readonly opts: KeyringOptions,
  ) {}

  async init(): Promise<void> {
    await this.refresh();
    await this.rotateIfDue();
  }

  /** Reload keys from the store (another instance may have rotated). */
  async refresh(): Promise<void> {
    const stored = await this.store.list();
    const next = new Map<string, LoadedKey>();
    for (const k of stored) next.set(k.kid, this.keys.get(k.kid) ?? this.load(k));
    this.keys = next;
    this.lastRefresh = this.clock.now().getTime();
  }

  /** Refresh when a kid is unknown, at most once every 5 s. */
  async refreshForUnknownKid(): Promise<void> {
    if (this.clock.now().getTime() - this.lastRefresh >= 5000) await this.refresh();
  }

  private load(k: SigningKey): LoadedKey {
    const publicJwk = JSON.parse(k.publicJwk) as JWK;
    return { kid: k.kid, generation: generationOf(k.kid), createdAt: k.createdAt, publicJwk, privateJwk: k.privateJwk };
  }

  private newest(): LoadedKey | undefined {
    let best: LoadedKey | undefined;
    for (const k of this.keys.values()) if (!best || k.generation > best.generation) best = k;
    return best;
  }

  /** Create the first key, or the next one when the newest is older than the rotation period. */
  async rotateIfDue(): Promise<void> {
    const now = this.clock.now();
    const newest = this.newest();
    if (newest && now.getTime() - newest.createdAt.getTime() < this.opts.rotateDays * DAY_MS) {
      await this.prune();
      return;
    }
    const { exportJWK, generateKeyPair } = await jose();
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
    const kid = kidFor((newest?.generation ?? 0) + 1);
    const pub = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    const priv = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    await this.store.insert({ kid, publicJwk: JSON.stringify(pub), privateJwk: JSON.stringify(priv), createdAt: now });
    await this.refresh();
    await this.prune();
  }

  /** Drop retired keys whose every signed API key has expired (a day of margin). */
  private async prune(): Promise<void> {
    const sorted = [...this.keys.values()].sort((a, b) => a.generation - b.generation);
    const now = this.clock.now().getTime();
    for (let i = 0; i < sorted.length - 1; i++) {
      const retiredAt = sorted[i + 1]!.createdAt.getTime();
      if (now > retiredAt + (this.opts.keyTtlDays + 1) * DAY_MS) {
        await this.store.delete(sorted[i]!.kid);
        this.keys.delete(sorted[i]!.kid);
      }
    }
  }

  /** The key new API keys are signed with. */
  async activeSigningKey(): Promise<{ kid: string; key: CryptoKey }> {
    const k = this.newest();
    if (!k) throw new Error('keyring not initialised');
    return this.signingKey(k.kid);
  }

  async signingKey(kid: string): Promise<{ kid: string; key: CryptoKey }> {
    let k = this.keys.get(kid);
    if (!k) {
      await this.refresh();
      k = this.keys.get(kid);
    }
    if (!k) throw new Error(`signing key ${kid} is gone`);
    k.signKey ??= (await (await jose()).importJWK(JSON.parse(k.privateJwk) as JWK, SIGNING_ALG)) as CryptoKey;
    return { kid: k.kid, key: k.signKey };
  }

  /** The public key of `kid` (imported once, on first use), or undefined for a kid not in the ring. */
  async verifyKey(kid: string): Promise<CryptoKey | undefined> {
    const k = this.keys.get(kid);
    if (!k) return undefined;
    k.verifyKey ??= (await (await jose()).importJWK(k.publicJwk, SIGNING_ALG)) as CryptoKey;
    return k.verifyKey;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [...this.keys.values()].sort((a, b) => b.generation - a.generation).map((k) => k.publicJwk) };
  }
}

import { type Acting, type Caller, systemCaller } from '../domain/caller.js';
import { type Clock, DAY_MS } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { newId } from '../domain/ids.js';
import type { ApiKey, Workspace } from '../domain/model.js';
import { createKeySchema } from '../domain/resource-schemas.js';
import { expandScopes, SCOPES, type Scope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validate.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import type { ApiKeysRepository } from '../storage/keys/repository.js';
import type { WorkspacesRepository } from '../storage/workspaces/repository.js';
import { grantKey, type KeyGrant, reachesKey } from './key-grant.js';
import { CLOCK_SKEW_S, KeyTokens } from './key-tokens.js';
import type { Keyring } from './keyring.js';
import { credentialsRequired, type KeyPrincipal } from './principal.js';
import { TtlCache } from './ttl-cache.js';

/** How long another instance's revocation may take to be seen here (contract: within 5 s). */
const KEY_RECORD_TTL_MS = 2000;
const MAX_CACHE = 10_000;

export interface KeyLifetimes {
  ttlDays: number;
  renewDays: number;
  /** The domain every workspace may use (a key may be restricted to it). */
  defaultDomain: string;
}

/**
 * API keys: `lsk_live_<JWT>` signed by the keyring. The secret is never stored: a key record holds
 * only metadata; the token proves itself by its signature. Verified tokens and key records are cached
 * so a request costs microseconds; records are re-read every 2 s so revocation elsewhere is seen.
 */
export class ApiKeyService {
  private records = new TtlCache<ApiKey>(KEY_RECORD_TTL_MS, MAX_CACHE);
  private workspaces = new TtlCache<Workspace>(KEY_RECORD_TTL_MS, MAX_CACHE);
  private lastUsed = new Map<string, Date>();
  /** Each cached key record's expanded scopes (a record read again is expanded again). */
  private scopes = new WeakMap<ApiKey, ReadonlySet<Scope>>();
  /** Successors' tokens, signed once (not on every response of the renewal window). */
  private successorSecrets = new Map<string, string>();
  private readonly tokens: KeyTokens;

  constructor(
    private readonly store: { apiKeys: ApiKeysRepository; workspaces: WorkspacesRepository; domains: DomainsRepository },
    private readonly keyring: Keyring,
    private readonly clock: Clock,
    private readonly lifetimes: KeyLifetimes,
    private readonly events: ServiceEvents,
  ) {
    this.tokens = new KeyTokens(keyring, MAX_CACHE);
  }

  /**
   * POST /v1/keys, createKey: validate the input, then issue. A key never gets a scope its creator
   * (`granter`, the scopes of the calling principal) lacks, nor a wider reach than a restricted
   * creator's (key-grant.ts); its domains must be the workspace's.
   */
  async create(caller: Caller, raw: unknown, granter: ReadonlySet<Scope>): Promise<{ key: ApiKey; secret: string }> {
    const input = parseOrThrow(createKeySchema, raw);
    const grant = await grantKey(caller, granter, input, (host) => this.domainUsable(caller.workspaceId, host));
    return this.issue(caller, input.name, grant);
  }

  /** Issue a new key for the caller's workspace (every scope, no restriction, unless given); the record and the secret (shown once). */
  async issue(caller: Pick<Caller, 'workspaceId'> & Acting, name: string, grant: Partial<KeyGrant> = {}): Promise<{ key: ApiKey; secret: string }> {
    const key = await this.newKey(newId('key'), caller.workspaceId, name, this.clock.now(), { scopes: [...SCOPES], domains: null, tags: null, ...grant });
    await this.store.apiKeys.insert(key);
    this.events.emit(caller, 'key.created', key.id);
    return { key, secret: await this.secretFor(key) };
  }

  private async domainUsable(workspaceId: string, host: string): Promise<boolean> {
    if (host === this.lifetimes.defaultDomain) return true;
    return (await this.store.domains.get(host))?.workspaceId === workspaceId;
  }

  /** A fresh key record, signed by the active signing key, living `ttlDays` from `now`. */
  private async newKey(id: string, workspaceId: string, name: string, now: Date, grant: KeyGrant): Promise<ApiKey> {
    const { kid } = await this.keyring.activeSigningKey();
    return {
      id,
      workspaceId,
      name,
      kid,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.lifetimes.ttlDays * DAY_MS),
      lastUsedAt: null,
      revokedAt: null,
      successorId: null,
      scopes: [...grant.scopes],
      domains: grant.domains && [...grant.domains],
      tags: grant.tags && [...grant.tags],
    };
  }

  /** The token of a key (key-tokens.ts): the same every time. */
  secretFor(key: ApiKey): Promise<string> {
    return this.tokens.sign(key);
  }

  /** Authorization header value -> principal, or the contract's 401. */
  async authenticate(header: string | undefined): Promise<KeyPrincipal> {
    if (!header) throw credentialsRequired();
    const jwt = this.tokens.jwtOf(header);
    const now = this.clock.now();
    const claims = await this.tokens.verify(jwt, now);
    const key = await this.record(claims.keyId, now);
    if (!key || key.workspaceId !== claims.workspaceId) throw new LskError('invalid_api_key', 'The API key is not valid.');
    if (key.revokedAt) throw new LskError('key_revoked', 'The API key has been revoked.');
    if (now.getTime() >= key.expiresAt.getTime() + CLOCK_SKEW_S * 1000) throw new LskError('key_expired', 'The API key has expired.');
    const workspace = await this.workspace(key.workspaceId, now);
    if (!workspace) throw new LskError('invalid_api_key', 'The API key is not valid.');
    this.lastUsed.set(key.id, now);
    let scopes = this.scopes.get(key);
    if (!scopes) {
      scopes = expandScopes(key.scopes);
      this.scopes.set(key, scopes);
    }
    const principal: KeyPrincipal = { kind: 'key', key, workspace, scopes };
    const rotated = await this.successorSecret(key, now);
    if (rotated) principal.rotatedKey = rotated;
    return principal;
  }

  private record(id: string, now: Date): Promise<ApiKey | null> {
    return this.records.get(id, now.getTime(), () => this.store.apiKeys.get(id));
  }

  private workspace(id: string, now: Date): Promise<Workspace | null> {
    return this.workspaces.get(id, now.getTime(), () => this.store.workspaces.get(id));
  }

  /** Inside the renewal window, issue the successor once (whichever instance is first) and return its secret. */
  private async successorSecret(key: ApiKey, now: Date): Promise<string | undefined> {
    const renewFrom = key.expiresAt.getTime() - this.lifetimes.renewDays * DAY_MS;
    if (now.getTime() < renewFrom) return undefined;
    let successorId = key.successorId;
    if (!successorId) {
      const candidate = newId('key');
      if (await this.store.apiKeys.claimSuccessor(key.id, candidate)) {
        // The successor inherits the scopes and the restriction.
        await this.store.apiKeys.insert(await this.newKey(candidate, key.workspaceId, key.name, now, key));
        this.events.emit(systemCaller(key.workspaceId, 'key renewal'), 'key.renewed', candidate);
      }
      // Re-read (and re-cache) the record: whoever won the claim, its successor is now set.
      this.records.delete(key.id);
      successorId = (await this.record(key.id, now))?.successorId ?? null;
    }
    if (!successorId) return undefined;
    const successor = await this.record(successorId, now);
    // The claim may be seen before the successor's record is written by the other instance.
    if (!successor || successor.revokedAt) return undefined;
    let secret = this.successorSecrets.get(successor.id);
    if (!secret) {
      secret = await this.secretFor(successor);
      if (this.successorSecrets.size >= MAX_CACHE) this.successorSecrets.clear();
      this.successorSecrets.set(successor.id, secret);
    }
    return secret;
  }

  /** Revoke: effective at once here; other instances see it within KEY_RECORD_TTL_MS. */
  async revoke(caller: Caller, id: string): Promise<ApiKey> {
    // A key beyond a restricted caller's reach answers as another workspace's would (ADR 0233).
    if (caller.restriction) {
      const target = await this.store.apiKeys.get(id);
      if (!target || target.workspaceId !== caller.workspaceId || !reachesKey(caller, target)) throw LskError.notFound('API key');
    }
    const key = await this.store.apiKeys.revoke(caller.workspaceId, id, this.clock.now());
    if (!key) throw LskError.notFound('API key');
    this.records.delete(id);
    this.events.emit(caller, 'key.revoked', key.id);
    return key;
  }

  /** The workspace's keys the caller reaches (a restricted key: those restricted at least as narrowly). */
  async list(caller: Caller): Promise<ApiKey[]> {
    const keys = (await this.store.apiKeys.list(caller.workspaceId)).filter((k) => reachesKey(caller, k));
    return keys.map((k) => {
      const seen = this.lastUsed.get(k.id);
      return seen && (!k.lastUsedAt || seen > k.lastUsedAt) ? { ...k, lastUsedAt: seen } : k;
    });
  }

  /** Write last-used times in one batch (run on a timer and at shutdown, never per request). */
  async flushLastUsed(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    // The batch stays visible to list() until it is written: a list during the write sees it.
    const batch = new Map(this.lastUsed);
    await this.store.apiKeys.touch(batch);
    for (const [id, at] of batch) if (this.lastUsed.get(id) === at) this.lastUsed.delete(id);
  }

  /** Forget cached workspaces (after a plan change on this instance). */
  forgetWorkspace(id: string): void {
    this.workspaces.delete(id);
  }
}

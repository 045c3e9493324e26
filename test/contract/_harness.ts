/**
 * The storage contract harness: every repository suite runs on both stores, SQLite in memory and a
 * fresh database on the run's MongoDB (MONGODB_URI or a local FerretDB, see test/support/mongo.ts).
 * Without a MongoDB the MongoDB half FAILS with instructions; it never skips.
 */

import { type Db, MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeEach, describe, onTestFinished } from 'vitest';
import type { Session } from '../../src/domain/accounts.js';
import type { Clock } from '../../src/domain/clock.js';
import type { ApiKey, SigningKey, Workspace } from '../../src/domain/model.js';
import { NO_BEHAVIOUR } from '../../src/services/link-fields.js';
import { type ComboValues, comboKey } from '../../src/storage/clicks/combos.js';
import { type LegacyDim, legacyCombos } from '../../src/storage/clicks/legacy.js';
import type { MongoClicksOptions } from '../../src/storage/clicks/mongo.js';
import { type ClickBatch, type ClickEvent, HOUR_MS, type HourCounts } from '../../src/storage/clicks/repository.js';
import { StoreConflict } from '../../src/storage/errors.js';
import type { NewLink } from '../../src/storage/links/repository.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';

export type StoreKind = 'sqlite' | 'mongodb';

export interface StoreOptions {
  clock?: Clock;
  clicks?: MongoClicksOptions;
}

let admin: MongoClient | undefined;

/** A fresh, initialised store; `again()` opens a second handle on the same data (another instance, on MongoDB). */
export interface OpenedStore {
  repos: Repositories;
  /** A second handle on the same data (another instance); MongoDB only. */
  again(o?: StoreOptions): Promise<Repositories>;
  /** The database, for tests that look at documents themselves (MongoDB only). */
  mongo?: { uri: string; dbName: string };
  dispose(): Promise<void>;
}

export async function openStore(kind: StoreKind, opts: StoreOptions = {}): Promise<OpenedStore> {
  const extra: Repositories[] = [];
  if (kind === 'sqlite') {
    const repos = await openRepositories('file::memory:', opts);
    await repos.init();
    return { repos, again: () => Promise.reject(new Error('an in-memory SQLite store has one handle')), dispose: () => repos.close() };
  }
  const uri = testMongoUri(); // throws (failing the test) when no MongoDB can be had
  const dbName = uniqueDbName('lsk_contract');
  const open = async (o: StoreOptions) => {
    const r = await openRepositories(uri, { dbName, ...o });
    await r.init();
    return r;
  };
  const repos = await open(opts);
  return {
    repos,
    mongo: { uri, dbName },
    async again(o = opts) {
      const r = await open(o);
      extra.push(r);
      return r;
    },
    async dispose() {
      for (const r of [repos, ...extra]) await r.close();
      admin ??= new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
      await admin.db(dbName).dropDatabase();
    },
  };
}

/** A MongoDB store and its database through a client of the test's own (to read or plant documents). */
export type MongoStore = OpenedStore & { db: Db };

/** A fresh MongoDB store for the running test, with its database to look at; both closed when the test ends. */
export async function openMongoStore(opts: StoreOptions = {}): Promise<MongoStore> {
  const opened = await openStore('mongodb', opts);
  const client = new MongoClient(opened.mongo!.uri);
  onTestFinished(async () => {
    await client.close();
    await opened.dispose();
  });
  return { ...opened, db: client.db(opened.mongo!.dbName) };
}

export const STORE_KINDS: StoreKind[] = ['sqlite', 'mongodb'];

/** `describe.each` over both stores, with a fresh store per test: `store()` is the current one. */
export function describeStores(title: string, body: (store: () => Repositories, kind: StoreKind) => void): void {
  describe.each(STORE_KINDS)(`${title} on %s`, (kind) => {
    let opened: OpenedStore | undefined;
    beforeEach(async () => {
      opened = await openStore(kind);
    });
    afterEach(async () => {
      await opened?.dispose();
      opened = undefined;
    });
    afterAll(async () => {
      await admin?.close();
      admin = undefined;
    });
    body(() => opened!.repos, kind);
  });
}

// --- fixtures -------------------------------------------------------------------------------

export const T0 = Date.parse('2026-11-21T10:00:00.000Z');
/** A time `s` seconds after T0. */
export const at = (s: number): Date => new Date(T0 + s * 1000);

let seq = 0;
export const uid = (prefix: string): string => `${prefix}_${(++seq).toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;

export function workspace(over: Partial<Workspace> = {}): Workspace {
  const id = over.id ?? uid('wsp');
  return { id, slug: over.slug ?? `ws-${id.slice(4).toLowerCase()}`, plan: 'standard', rateLimitRpm: 100, createdAt: at(0), require2fa: false, ...over };
}

export function newLink(workspaceId: string, over: Partial<NewLink> = {}): NewLink {
  return {
    id: uid('lnk'),
    workspaceId,
    domain: 'go.example',
    alias: uid('a'),
    destination: 'https://example.com/landing',
    geoTargeting: {},
    tags: [],
    ...NO_BEHAVIOUR,
    createdAt: at(1),
    ...over,
  };
}

/** A dashboard session of `userId` (its id stands for the cookie token's hash). */
export function session(userId: string, over: Partial<Session> = {}): Session {
  return { id: uid('s'), userId, createdAt: at(0), seenAt: at(0), expiresAt: at(1000), browser: 'Chrome', os: 'Linux', ...over };
}

export function apiKey(workspaceId: string, over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: uid('key'),
    workspaceId,
    name: 'default',
    kid: 'kid-1',
    createdAt: at(0),
    expiresAt: at(90 * 86400),
    lastUsedAt: null,
    revokedAt: null,
    successorId: null,
    scopes: ['links:read', 'webhooks:write'],
    domains: null,
    tags: null,
    ...over,
  };
}

export function signingKey(kid: string, over: Partial<SigningKey> = {}): SigningKey {
  return { kid, privateJwk: `{"kty":"OKP","d":"${kid}-private"}`, publicJwk: `{"kty":"OKP","x":"${kid}-public"}`, createdAt: at(0), ...over };
}

export async function expectConflict(p: Promise<unknown>, field: StoreConflict['field']): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof StoreConflict)) throw new Error(`expected a StoreConflict on ${field}, got ${String(err)}`);
  if (err.field !== field) throw new Error(`expected a StoreConflict on ${field}, got one on ${err.field}`);
}

const H0 = Date.parse('2026-11-21T00:00:00.000Z');
/** The start of the UTC hour `n` hours after 2026-11-21T00:00Z. */
export const hour = (n: number): number => H0 + n * HOUR_MS;

/** A visit's recorded values (domain go.example unless given); `bot` for a bot's visit. */
export type Values = Partial<ComboValues> & { bot?: boolean };

export const keyOf = (v: Values): string => comboKey(v.bot === true, { domain: 'go.example', trigger: 'link', ...v });

/** One link-hour's visits: each a combination of values and how many visits had it. */
export function hc(linkId: string, workspaceId: string, h: number, visits: [Values, number][] = []): HourCounts {
  const out: HourCounts = { linkId, workspaceId, hour: h, clicks: 0, bots: 0, combos: new Map() };
  for (const [v, n] of visits) {
    const k = keyOf(v);
    out.combos.set(k, (out.combos.get(k) ?? 0) + n);
    if (v.bot) out.bots += n;
    else out.clicks += n;
  }
  return out;
}

/**
 * One link-hour given as per-dimension counts (as earlier rollups kept them): the values are paired
 * largest with largest into combinations (legacy.ts), so every single-dimension count is as given.
 */
export function hcDims(
  linkId: string,
  workspaceId: string,
  h: number,
  clicks: number,
  bots: number,
  dims: Partial<Record<LegacyDim, Record<string, number>>> = {},
  domain = 'go.example',
): HourCounts {
  const lists = Object.fromEntries(Object.entries(dims).map(([d, values]) => [d, Object.entries(values)]));
  const combos = legacyCombos(clicks, bots, lists, domain);
  return { linkId, workspaceId, hour: h, clicks, bots, combos };
}

/** A batch of link-hours, and events for every people's visit of them (at the start of their hour plus `i` ms). */
export function batchOf(hours: HourCounts[], withEvents = false): ClickBatch {
  const events: ClickEvent[] = [];
  if (withEvents) {
    for (const h of hours) {
      let i = 0;
      for (const [k, n] of h.combos)
        if (k.startsWith('h')) for (let j = 0; j < n; j++) events.push({ at: h.hour + i++, linkId: h.linkId, workspaceId: h.workspaceId, combo: k });
    }
  }
  return { hours, events };
}

/**
 * lsk_store_errors_total: store calls that fail are counted by operation and kind, on both stores
 * (a real store whose connection has been closed); a conflict the store reports on purpose is not.
 * The kinds are the adapters' own: each classifies its driver's errors (failures.ts in storage/sqlite and storage/mongo).
 */

import Database from 'better-sqlite3';
import { MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/observability/metrics.js';
import { countStoreErrors, isUnreachable, storeErrorKind } from '../../src/observability/store-errors.js';
import { asStoreFailure, StoreConflict, StoreFailure, StoreUnavailable } from '../../src/storage/errors.js';
import { mongoFailureKind } from '../../src/storage/mongo/failures.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { sqliteFailureKind } from '../../src/storage/sqlite/failures.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';
import { parseExposition } from '../support/prometheus.js';

const workspace = (id: string, slug: string) => ({ id, slug, plan: 'standard' as const, rateLimitRpm: 100, createdAt: new Date() });

async function errorCounts(metrics: Metrics): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const s of parseExposition(await metrics.render()).samples) {
    if (s.name === 'lsk_store_errors_total') out[`${s.labels.operation}/${s.labels.kind}`] = s.value;
  }
  return out;
}

function mongoUrl(): string {
  const url = new URL(testMongoUri());
  url.pathname = `/${uniqueDbName('lsk_metrics')}`;
  return url.toString();
}

const stores: [string, () => Promise<Repositories>, string][] = [
  ['sqlite', () => openRepositories('file::memory:'), 'other'],
  ['mongodb', () => openRepositories(mongoUrl()), 'unavailable'],
];

describe.each(stores)('store errors on %s', (_name, open, closedKind) => {
  it('counts failed calls by operation and kind, and not a conflict the store answers with', async () => {
    const metrics = new Metrics();
    const store = countStoreErrors(await open(), metrics);
    const ws = store.workspaces;
    await store.init();
    await ws.create(workspace('wsp_a', 'acme'));
    await expect(ws.create(workspace('wsp_b', 'acme'))).rejects.toBeInstanceOf(StoreConflict);
    expect(await ws.get('wsp_a')).toMatchObject({ slug: 'acme' });
    expect(await errorCounts(metrics)).toEqual({});
    await store.close();
    await expect(ws.get('wsp_a')).rejects.toThrow();
    await expect(ws.get('wsp_a')).rejects.toThrow();
    await expect(ws.list()).rejects.toThrow();
    expect(await errorCounts(metrics)).toEqual({ [`workspaces.get/${closedKind}`]: 2, [`workspaces.list/${closedKind}`]: 1 });
    expect(store.kind).toBe(_name);
  });
});

describe('store failures, classified by the adapter that made the call', () => {
  const selection = new MongoServerSelectionError('no server', { type: 'Unknown', servers: new Map() } as never);
  const classify = (error: unknown) => asStoreFailure(error, (e) => mongoFailureKind(e) ?? sqliteFailureKind(e));
  it.each<[string, unknown, string, boolean]>([
    ['the store says it cannot be reached', new StoreUnavailable(), 'unavailable', true],
    ['no MongoDB server to select', selection, 'unavailable', true],
    ['a lost MongoDB connection', new MongoNetworkError('reset'), 'unavailable', true],
    ['a MongoDB socket timeout', new MongoNetworkTimeoutError('timed out'), 'timeout', true],
    ['a MongoDB time limit exceeded', new MongoServerError({ code: 50, errmsg: 'operation exceeded time limit' }), 'timeout', true],
    ['a MongoDB duplicate key nobody expected', new MongoServerError({ code: 11000, errmsg: 'E11000' }), 'constraint', false],
    ['a locked SQLite database', new Database.SqliteError('database is locked', 'SQLITE_BUSY'), 'busy', false],
    ['a full disk', new Database.SqliteError('database or disk is full', 'SQLITE_FULL'), 'disk', false],
    ['a SQLite constraint', new Database.SqliteError('FOREIGN KEY constraint failed', 'SQLITE_CONSTRAINT_FOREIGNKEY'), 'constraint', false],
    ['anything else', new TypeError('x is undefined'), 'other', false],
  ])('%s: %s', (_what, error, kind, unreachable) => {
    const raised = classify(error);
    expect(storeErrorKind(raised)).toBe(kind);
    expect(isUnreachable(raised)).toBe(unreachable);
    expect(raised instanceof StoreUnavailable).toBe(unreachable);
    // What no adapter names passes as it was; what it names keeps the driver's error as its cause.
    if (kind === 'other') expect(raised).toBe(error);
    else if (!(error instanceof StoreFailure)) expect((raised as Error).cause).toBe(error);
  });
});

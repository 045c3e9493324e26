import type { StoreKind } from './server.js';
/**
 * The stores a dashboard journey runs on (docs/adr/0225). The dashboard speaks only GraphQL and never
 * knows the store; what each store does is proven below it, on both stores, by the contract, service
 * and API suites. So a journey runs on SQLite, and two journeys (the owner's, and the analytics
 * overview's) run on MongoDB as well, end to end. LSK_TEST_DASHBOARD_STORES=sqlite,mongodb runs
 * every journey on both.
 */
export const DASHBOARD_STORES: StoreKind[] = journeyStores(process.env.LSK_TEST_DASHBOARD_STORES);

export function journeyStores(setting: string | undefined): StoreKind[] {
  if (!setting) return ['sqlite'];
  const kinds = setting.split(',').map((k) => k.trim());
  for (const k of kinds) if (!['sqlite', 'mongodb'].includes(k)) throw new Error(`LSK_TEST_DASHBOARD_STORES: unknown store "${k}" (sqlite, mongodb)`);
  return kinds as StoreKind[];
}

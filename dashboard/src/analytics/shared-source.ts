/**
 * Where the overview's reads go on the public page of a share (docs/adr/0215): sharedAnalytics with
 * the page's token instead of analytics. Set once by that page, before its overview asks anything;
 * the signed-in app never sets it.
 */
import { gql, present } from '../api/graphql';
import type { DashboardAnalyticsQuery, DashboardAnalyticsQueryVariables, DashboardSharedAnalyticsQuery } from '../gql/graphql';
import { SharedAnalyticsQuery } from './share-documents';

export type Shared = NonNullable<DashboardSharedAnalyticsQuery['sharedAnalytics']>;

let token: string | null = null;

export function readSharedWith(t: string): void {
  token = t;
}

export function sharedToken(): string | null {
  return token;
}

/** One read of the share: the whole answer (what it covers, and the report). */
export async function sharedRead(variables: DashboardAnalyticsQueryVariables): Promise<Shared> {
  const d = await gql(SharedAnalyticsQuery, { ...variables, token: token! });
  return present(d.sharedAnalytics, 'shared analytics page');
}

/** The report alone, as the overview's reads take it: without links' titles (a share does not read links). */
export async function sharedAnalytics(variables: DashboardAnalyticsQueryVariables): Promise<NonNullable<DashboardAnalyticsQuery['analytics']>> {
  const a = (await sharedRead(variables)).analytics;
  return { ...a, data: a.data.map((r) => ({ ...r, link: null })) };
}

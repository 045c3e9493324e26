/**
 * The overview's reads. A view asks one question per panel, and going Back or switching a tab asks
 * the same questions again: answers are kept for half a minute (by their exact variables), so those
 * show at once and do not spend the workspace's per-minute analytics budget twice.
 */
import { gql, present } from '../api/graphql';
import type { AnalyticsCompare, AnalyticsGroupBy, ClickFilter, DashboardAnalyticsQuery, DashboardAnalyticsQueryVariables } from '../gql/graphql';
import { AnalyticsQuery } from './documents';
import { sharedAnalytics, sharedToken } from './shared-source';

export type Analytics = NonNullable<DashboardAnalyticsQuery['analytics']>;

const FRESH_MS = 30_000;
const KEPT = 100;
const answers = new Map<string, { at: number; answer: Promise<Analytics> }>();

export function analytics(variables: DashboardAnalyticsQueryVariables): Promise<Analytics> {
  const key = JSON.stringify(variables);
  const now = Date.now();
  const hit = answers.get(key);
  if (hit && now - hit.at < FRESH_MS) return hit.answer;
  // On a share's public page (shared-source.ts) the same questions go to sharedAnalytics.
  const answer = sharedToken() ? sharedAnalytics(variables) : gql(AnalyticsQuery, variables).then((d) => present(d.analytics, 'analytics'));
  answers.delete(key);
  answers.set(key, { at: now, answer });
  // A failed read is asked again next time; the oldest answers go first.
  answer.catch(() => answers.get(key)?.answer === answer && answers.delete(key));
  while (answers.size > KEPT) answers.delete(answers.keys().next().value as string);
  return answer;
}

/** What every read of one view shares: its window, zone and filter. */
export interface Scope {
  from: string;
  to: string;
  timezone: string;
  filter: ClickFilter | null;
  /** Also the period just before (absent: not compared). */
  compare?: AnalyticsCompare;
}

/** Up to this many rows per breakdown (the API's most). */
export const ROWS = 100;

/** One breakdown of a view (the map and the Countries tab ask the very same question, answered once). */
export const breakdown = (groupBy: AnalyticsGroupBy, scope: Scope) => analytics({ group_by: groupBy, limit: ROWS, ...scope });

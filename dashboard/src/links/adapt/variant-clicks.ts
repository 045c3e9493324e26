/**
 * Each variant's clicks, for the variants editor of a saved link: the link's people's clicks over
 * the whole 400 days the API keeps, by the variant URL they were sent to (the analytics `variants`
 * breakdown). A visitor keeps a variant, so these are the test's results so far.
 */

import { daysBefore, todayIn } from '../../analytics/dates';
import { analytics } from '../../analytics/fetch';
import { useQuery } from '../../ui/use-query';

/** The whole window the API reads, in UTC. */
const DAYS = 400;

export interface VariantClicks {
  /** Clicks by variant URL. */
  byUrl: ReadonlyMap<string, number>;
  /** All the link's clicks that went to a variant. */
  total: number;
}

export async function variantClicks(linkId: string, now = new Date()): Promise<VariantClicks> {
  const to = todayIn('UTC', now);
  const answer = await analytics({
    group_by: 'variants',
    from: daysBefore(to, DAYS - 1),
    to,
    timezone: 'UTC',
    limit: 100,
    filter: { link_id: { in: [linkId] } },
  });
  const byUrl = new Map<string, number>();
  for (const row of answer.data) if (row.key) byUrl.set(row.key, row.clicks);
  return { byUrl, total: [...byUrl.values()].reduce((a, b) => a + b, 0) };
}

/** The clicks of a saved link's variants (nothing to ask for a new link, or one without variants). */
export function useVariantClicks(linkId: string | undefined, hasVariants: boolean) {
  return useQuery(() => (linkId && hasVariants ? variantClicks(linkId) : Promise.resolve(null)), [linkId, hasVariants]);
}

/** "12 clicks · 40 %", or "No clicks yet". */
export function clicksLabel(clicks: number, total: number): string {
  if (clicks === 0) return 'No clicks yet';
  const share = Math.round((clicks / total) * 100);
  return `${clicks.toLocaleString('en')} ${clicks === 1 ? 'click' : 'clicks'} · ${share} %`;
}

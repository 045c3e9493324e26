import DataLoader from 'dataloader';
import type { StatsReport } from '../services/stats-service.js';
import type { AuthedContext } from './context.js';

export interface StatsKey {
  linkId: string;
  from: string | null;
  to: string | null;
}

const PER_REQUEST = new WeakMap<AuthedContext, DataLoader<StatsKey, StatsReport, string>>();

/**
 * Link.stats within one request: the same link and window is read once however often it is
 * selected (aliases, fragments, the link reached twice). The link is known to be the caller's.
 */
export function statsLoader(ctx: AuthedContext): DataLoader<StatsKey, StatsReport, string> {
  let l = PER_REQUEST.get(ctx);
  if (l) return l;
  l = new DataLoader(
    (keys) => Promise.all(keys.map((k) => ctx.services.stats.ofLink(ctx.caller, k.linkId, { from: k.from, to: k.to }).catch((e: unknown) => e as Error))),
    { cacheKeyFn: (k) => `${k.linkId}|${k.from ?? ''}|${k.to ?? ''}` },
  );
  PER_REQUEST.set(ctx, l);
  return l;
}

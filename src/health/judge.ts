import type { TargetUrl } from '../domain/destinations.js';
import type { HealthState } from '../storage/health/repository.js';
import { failed, type ProbeResult } from './probe.js';

/** What a check found, and which event (if any) it makes. */
export interface Verdict {
  state: Omit<HealthState, 'linkId' | 'workspaceId' | 'targetsKey'>;
  event: 'link.broken' | 'link.recovered' | null;
}

/**
 * One check's verdict from the answers of the link's targets (in the link's order) and the state of
 * the same targets before: a failing target counts a failure; two in a row make the link broken
 * (link.broken, once); a check where every target answers makes it ok (link.recovered after broken).
 */
export function judge(results: readonly { target: TargetUrl; result: ProbeResult }[], before: HealthState | null, at: Date): Verdict {
  const failing = results.find((r) => failed(r.result));
  if (!failing) {
    const destination = results.find((r) => r.target.path === 'destination') ?? results[0];
    return {
      state: { status: 'ok', httpStatus: destination?.result.status ?? null, checkedAt: at, failures: 0, error: null, failedUrl: null },
      event: before?.status === 'broken' ? 'link.recovered' : null,
    };
  }
  const failures = (before?.failures ?? 0) + 1;
  const status = failures >= 2 ? 'broken' : (before?.status ?? 'unknown');
  const error = failing.result.error ?? `answered HTTP ${failing.result.status}`;
  return {
    state: { status, httpStatus: failing.result.status, checkedAt: at, failures, error: `${failing.target.path}: ${error}`, failedUrl: failing.target.url },
    event: status === 'broken' && before?.status !== 'broken' ? 'link.broken' : null,
  };
}

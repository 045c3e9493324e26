import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../domain/clock.js';
import type { DestinationHealth } from '../domain/model.js';
import type { LinkChange, LinkHealth } from '../services/link-health.js';
import type { HealthJob, HealthRepository } from '../storage/health/repository.js';
import type { LinkRow } from '../storage/links/repository.js';
import type { Repositories } from '../storage/repositories.js';
import { HOUR_MS, jobId, nextCheckAt, targetsKey } from './schedule.js';

/** Links are scheduled on this interval while checks are off (LSK_HEALTH_INTERVAL_H=0), so turning them on finds every link scheduled. */
const OFF_INTERVAL_MS = 24 * HOUR_MS;
const BACKFILLED = 'health:backfilled';
/** Links scheduled per turn of the event loop by the backfill (a few ms of work each). */
const BACKFILL_PAGE = 200;

type SchedulableLink = Pick<LinkRow, 'id' | 'workspaceId'> & Parameters<typeof targetsKey>[0];

/**
 * Destination health as the link services see it (docs/adr/0131): each created or retargeted link
 * gets its first check scheduled within one interval; links are returned with the state of their
 * current targets (a state of older targets reads as unknown); the broken ones can be listed.
 */
export class HealthService implements LinkHealth {
  constructor(
    private readonly repo: HealthRepository,
    private readonly clock: Clock,
    /** LSK_HEALTH_INTERVAL_H in ms (0: checks are off). */
    readonly intervalMs: number,
    /** What the backfill walks: every workspace's links, and the counter that marks the store done. */
    private readonly store: Pick<Repositories, 'workspaces' | 'links' | 'counters'>,
  ) {}

  private get scheduleMs(): number {
    return this.intervalMs > 0 ? this.intervalMs : OFF_INTERVAL_MS;
  }

  async of(rows: readonly LinkRow[]): Promise<Map<string, DestinationHealth>> {
    const states = await this.repo.states(rows.map((r) => r.id));
    const out = new Map<string, DestinationHealth>();
    for (const r of rows) {
      const s = states.get(r.id);
      if (s && s.targetsKey === targetsKey(r)) out.set(r.id, { status: s.status, httpStatus: s.httpStatus, checkedAt: s.checkedAt });
    }
    return out;
  }

  async changed(type: LinkChange, link: LinkRow): Promise<void> {
    if (type === 'link.deleted') {
      await this.repo.dropState(link.id);
      return;
    }
    await this.schedule(link, this.clock.now().getTime());
    if (type === 'link.updated') {
      // The state of targets the link no longer has goes (it would never be shown again).
      const before = (await this.repo.states([link.id])).get(link.id);
      if (before && before.targetsKey !== targetsKey(link)) await this.repo.dropState(link.id);
    }
  }

  /** The link's next check at its place in the interval (a job that exists already is left as it is). */
  async schedule(link: SchedulableLink, afterMs: number): Promise<void> {
    await this.repo.schedule(this.jobOf(link, afterMs));
  }

  private jobOf(link: SchedulableLink, afterMs: number): HealthJob {
    const key = targetsKey(link);
    const due = nextCheckAt(link.id, afterMs, this.scheduleMs);
    return { id: jobId(link.id, key, due), linkId: link.id, workspaceId: link.workspaceId, targetsKey: key, dueAt: new Date(due) };
  }

  brokenIds(workspaceId: string): Promise<string[]> {
    return this.repo.brokenIds(workspaceId);
  }

  /**
   * Once per store: schedule every link that existed before health checks did (links created since
   * are scheduled when created). Paged, so memory stays flat; safe to repeat (a job scheduled twice is
   * one job). Each page waits for a turn of the event loop: on SQLite every read and write resolves
   * at once, so without the turns 1,000,000 links were scheduled in one stretch of minutes before the
   * server could even listen.
   */
  async backfill(): Promise<number> {
    if (await this.store.counters.get(BACKFILLED)) return 0;
    let n = 0;
    const now = this.clock.now().getTime();
    for (const ws of await this.store.workspaces.list()) {
      for await (const page of this.store.links.pages(ws.id, {}, BACKFILL_PAGE)) {
        await this.repo.scheduleMany(page.map((link) => this.jobOf(link, now)));
        n += page.length;
        await nextTurn();
      }
    }
    await this.store.counters.cas(BACKFILLED, null, new Date(now).toISOString());
    return n;
  }
}

import type { Repositories } from '../storage/repositories.js';

/**
 * Records deleted per batch: one short transaction (SQLite) or two round trips (MongoDB) each. On
 * SQLite a batch of 100 links took up to 12 ms of CPU (500: up to 35 ms, too near the 50 ms bar).
 */
export const PURGE_BATCH = 100;

type PurgeRepos = Pick<
  Repositories,
  | 'workspaces'
  | 'domains'
  | 'links'
  | 'tags'
  | 'apiKeys'
  | 'members'
  | 'webhooks'
  | 'utmTemplates'
  | 'scheduledReports'
  | 'analyticsShares'
  | 'idempotency'
  | 'health'
  | 'moderation'
  | 'clicks'
  | 'audit'
>;

export interface PurgeOptions {
  batch?: number;
  /** Stop after this many batches (a run cut short, as by a crash: the next run goes on). */
  maxBatches?: number;
  /** Between batches: let requests in (the next turn of the event loop). */
  pause?: () => Promise<void>;
  /** Before the audit log's step: write the entries still buffered (the deletion's own among them). */
  beforeAudit?: () => Promise<void>;
  /** Told when a workspace's purge finished (its record is gone). */
  finished?: (workspaceId: string) => void;
}

/**
 * The purge of deleted workspaces (docs/adr/0177). A deleted workspace keeps its record, tombstoned,
 * until everything it held is gone: each repository deletes its records in bounded batches, the
 * click store forgets its analytics (resumable on its own), and the record goes last. Nothing is
 * kept in memory between runs: a run cut short (a crash, a restart) is finished by the next one, at
 * start, after each deletion and with the upkeep sweeps. Runs on one instance do not overlap.
 */
export class WorkspacePurge {
  private running: Promise<number> | undefined;

  constructor(
    private readonly repos: PurgeRepos,
    private readonly opts: PurgeOptions = {},
  ) {}

  /** Purge every deleted workspace; resolves to how many were finished. */
  run(): Promise<number> {
    this.running ??= this.purgeAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async purgeAll(): Promise<number> {
    const budget = { left: this.opts.maxBatches ?? Number.POSITIVE_INFINITY };
    let finished = 0;
    for (const ws of await this.repos.workspaces.deleting()) {
      if (!(await this.purge(ws.id, budget))) break;
      finished++;
    }
    return finished;
  }

  /** False when the budget ran out first. */
  private async purge(workspaceId: string, budget: { left: number }): Promise<boolean> {
    const r = this.repos;
    const batch = this.opts.batch ?? PURGE_BATCH;
    const pause = this.opts.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
    const steps = [
      r.domains,
      r.apiKeys,
      r.members,
      r.webhooks,
      r.health,
      r.links,
      r.tags,
      r.utmTemplates,
      r.scheduledReports,
      r.analyticsShares,
      r.idempotency,
      r.moderation,
      r.audit,
    ];
    for (const repo of steps) {
      if (repo === r.audit) await this.opts.beforeAudit?.();
      for (;;) {
        if (budget.left <= 0) return false;
        budget.left--;
        if ((await repo.purgeWorkspace(workspaceId, batch)) === 0) break;
        await pause();
      }
    }
    await r.clicks.forgetWorkspace(workspaceId);
    await r.workspaces.remove(workspaceId);
    this.opts.finished?.(workspaceId);
    return true;
  }
}

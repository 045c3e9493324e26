import { randomUUID } from 'node:crypto';
import type { BlockList } from 'node:net';
import type { Clock } from '../domain/clock.js';
import { type BlockedHosts, blockedEntry, hostOfUrl, linkTargets, type TargetUrl } from '../domain/destinations.js';
import type { OperationalEvents } from '../domain/events/link-events.js';
import type { Link } from '../domain/model.js';
import type { HealthJob, HealthRepository } from '../storage/health/repository.js';
import type { LinkRow, LinksRepository } from '../storage/links/repository.js';
import type { EventSink } from '../webhooks/outbox.js';
import { linkJson } from '../webhooks/payloads.js';
import type { Resolver } from '../webhooks/ssrf.js';
import type { HealthService } from './health-service.js';
import { judge } from './judge.js';
import { HostPacer } from './pacer.js';
import { failed, type ProbeResult, probe } from './probe.js';
import { ProbeCache } from './probe-cache.js';
import { targetsKey } from './schedule.js';

/** How long a claimed check is reserved for its instance (a link's targets share the per-host pace, so a check may wait). */
export const CHECK_LEASE_MS = 15 * 60_000;

export interface CheckerOptions {
  allowPrivate: boolean;
  allow?: BlockList;
  resolve?: Resolver;
  timeoutMs?: number;
  /** Names this instance in claims. */
  owner?: string;
  /** How often due checks are looked for (1 s). */
  pollMs?: number;
  /** Checks (links) in progress at once on this instance (64). */
  maxJobs?: number;
  /** Requests in flight at once on this instance (16), and the gap between requests to one host (250 ms). */
  maxRequests?: number;
  hostGapMs?: number;
}

export interface CheckerParts {
  repo: HealthRepository;
  links: Pick<LinksRepository, 'get'>;
  /** Links as the API returns them (clicks, status), for the events. */
  present: (rows: LinkRow[]) => Promise<Link[]>;
  schedule: HealthService;
  outbox: EventSink;
  /** The blocklist (blocked targets are never requested) and suspended workspaces (not checked while suspended). */
  blocked: BlockedHosts;
  suspended: (workspaceId: string) => boolean;
  events: OperationalEvents;
  clock: Clock;
}

/**
 * Checks due links (docs/adr/0131): each check is claimed first by a unique-key insert of
 * (job, take), so among any number of instances one makes it, and a claim whose instance died is
 * taken over once its lease has run out. The claimer alone writes the link's state, emits
 * link.broken / link.recovered, and schedules the next check at the link's place in the interval.
 */
export class HealthChecker {
  readonly pacer: HostPacer;
  private readonly cache: ProbeCache;
  private readonly owner: string;
  private readonly active = new Map<string, Promise<unknown>>();
  /** Jobs another instance holds, left alone until their lease ends (bounded by what is due). */
  private readonly held = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private rounds: Promise<void> | undefined;
  /** Checks made, by outcome, and the broken links in the store as last counted (metrics). */
  readonly made = { ok: 0, failed: 0 };
  broken = 0;

  constructor(
    private readonly parts: CheckerParts,
    private readonly intervalMs: number,
    private readonly opts: CheckerOptions,
  ) {
    this.owner = opts.owner ?? randomUUID();
    this.pacer = new HostPacer(opts.hostGapMs ?? 250, opts.maxRequests ?? 16);
    this.cache = new ProbeCache(Math.min(intervalMs / 2, 10 * 60_000), () => parts.clock.now().getTime());
  }

  /** Checks answered without a request of their own (the target was probed for another link, or lately). */
  get shared(): number {
    return this.cache.shared;
  }

  get inProgress(): number {
    return this.active.size;
  }

  start(): void {
    if (!this.stopped || this.intervalMs <= 0) return;
    this.stopped = false;
    this.tick();
  }

  /** Stops looking for checks; waits up to 5 s for those under way (an unfinished one is taken over when its lease ends). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.rounds;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(this.active.values()), new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
  }

  private tick(): void {
    if (this.stopped) return;
    this.rounds = this.fill().catch(() => undefined);
    void this.rounds.then(() => {
      if (this.stopped) return;
      this.timer = setTimeout(() => this.tick(), this.opts.pollMs ?? 1000);
      this.timer.unref();
    });
  }

  /** Start due checks up to the bound; they run on while the next rounds look for more. */
  private async fill(): Promise<void> {
    const max = this.opts.maxJobs ?? 64;
    if (this.active.size >= max) return;
    const now = this.parts.clock.now().getTime();
    for (const [id, until] of this.held) if (until <= now) this.held.delete(id);
    const due = await this.parts.repo.due(new Date(now), max + this.active.size + this.held.size);
    for (const job of due) {
      if (this.active.size >= max) break;
      if (this.active.has(job.id) || this.held.has(job.id)) continue;
      const running = this.run(job)
        .catch(() => false)
        .finally(() => this.active.delete(job.id));
      this.active.set(job.id, running);
    }
    await this.upkeep(now);
  }

  private lastSweep = Number.NEGATIVE_INFINITY;

  /** The broken count (the gauge), and every 10 minutes the claims of checks finished over an hour ago (FerretDB has no TTL index). */
  private async upkeep(nowMs: number): Promise<void> {
    this.broken = await this.parts.repo.countBroken();
    if (nowMs - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = nowMs;
    await this.parts.repo.sweepClaims(new Date(nowMs - 60 * 60_000));
  }

  /** One round, awaited whole (tests, and the bench): every due check up to `limit`; returns how many this instance made. */
  async runOnce(limit = 64): Promise<number> {
    const due = await this.parts.repo.due(this.parts.clock.now(), limit);
    const made = await Promise.allSettled(due.map((j) => this.run(j)));
    await this.upkeep(this.parts.clock.now().getTime());
    const failure = made.find((m) => m.status === 'rejected');
    if (failure) throw failure.reason;
    return made.filter((m) => m.status === 'fulfilled' && m.value).length;
  }

  /** Claim and make one check; false when another instance has it (or had it). */
  private async run(job: HealthJob): Promise<boolean> {
    const { repo, clock } = this.parts;
    const now = clock.now();
    const claims = await repo.claims(job.id);
    const live = claims.find((c) => c.finishedAt !== null || c.leaseUntil > now);
    // This instance's own unfinished claim: an earlier attempt failed on a store error (the job would
    // be due again), so it carries on under its lease rather than leave the check waiting for it to end.
    const resumed = live && live.finishedAt === null && live.owner === this.owner ? live : null;
    if (live && !resumed) {
      this.held.set(job.id, live.finishedAt !== null ? now.getTime() + CHECK_LEASE_MS : live.leaseUntil.getTime());
      return false;
    }
    const claim = resumed ?? {
      jobId: job.id,
      take: claims.length === 0 ? 0 : Math.max(...claims.map((c) => c.take)) + 1,
      owner: this.owner,
      leaseUntil: new Date(now.getTime() + CHECK_LEASE_MS),
    };
    if (!resumed && !(await repo.claim(claim))) return false;
    await this.check(job, claim.leaseUntil.getTime() - CHECK_LEASE_MS);
    await repo.finish(claim, clock.now());
    return true;
  }

  /** The check of `job` under a claim taken at `claimedAt`. */
  private async check(job: HealthJob, claimedAt: number): Promise<void> {
    const { repo, clock } = this.parts;
    const row = await this.parts.links.get(job.workspaceId, job.linkId);
    if (!row) {
      await repo.dropState(job.linkId);
      await repo.dropJob(job.id);
      return;
    }
    const key = targetsKey(row);
    // The link's targets changed since: the change scheduled a check of the new ones.
    if (key !== job.targetsKey) return repo.dropJob(job.id);
    const targets = linkTargets(row).filter((t) => blockedEntry(this.parts.blocked, t.url) === null);
    const before = (await repo.states([row.id])).get(row.id);
    const prior = before?.targetsKey === key ? before : null;
    // Recorded under this claim already (a store error stopped the attempt after the write): a
    // second verdict on the same answers would count one failure twice.
    const recorded = (prior?.checkedAt?.getTime() ?? Number.NEGATIVE_INFINITY) >= claimedAt;
    // A suspended workspace's links wait; a link whose every target is blocked has nothing to check.
    if (!recorded && !this.parts.suspended(row.workspaceId) && targets.length > 0) {
      const results = await Promise.all(targets.map(async (target) => ({ target, result: await this.probe(target) })));
      const at = clock.now();
      const verdict = judge(results, prior, at);
      const state = { linkId: row.id, workspaceId: row.workspaceId, targetsKey: key, ...verdict.state };
      if (verdict.event) {
        const [link] = await this.parts.present([row]);
        const health = { status: state.status, httpStatus: state.httpStatus, checkedAt: state.checkedAt };
        // Emitted before the state is written: at least once, like every webhook event.
        await this.parts.outbox.emit(row.workspaceId, verdict.event, { link: linkJson({ ...link!, health }) });
        this.parts.events.emit({ action: verdict.event, target: { type: 'link', id: row.id }, workspaceId: row.workspaceId });
      }
      await repo.putState(state);
      for (const r of results) this.made[failed(r.result) ? 'failed' : 'ok']++;
    }
    await this.parts.schedule.schedule(row, clock.now().getTime());
    await repo.dropJob(job.id);
  }

  /** One target, through the shared answers and the per-host pace. */
  private probe(target: TargetUrl): Promise<ProbeResult> {
    const host = hostOfUrl(target.url) ?? '';
    return this.cache.get(target.url, () =>
      this.pacer.run(host, () =>
        probe(target.url, {
          allowPrivate: this.opts.allowPrivate,
          ...(this.opts.allow ? { allow: this.opts.allow } : {}),
          ...(this.opts.resolve ? { resolve: this.opts.resolve } : {}),
          ...(this.opts.timeoutMs ? { timeoutMs: this.opts.timeoutMs } : {}),
        }),
      ),
    );
  }
}

import type { CountersRepository } from '../storage/counters/repository.js';
import type { Repositories } from '../storage/repositories.js';
import type { Blocklist } from './blocklist.js';

/** The shared counter every operator decision bumps; each instance polls it. */
export const ABUSE_GENERATION = 'abuse:generation';

/**
 * Bumped with the generation by a workspace deletion only (docs/adr/0177): the deletion that moved it
 * may be purged, its record gone, by the time another instance re-reads, so the instances learn of
 * it from this counter, not from the records.
 */
export const WORKSPACE_DELETIONS = 'abuse:workspace-deletions';

/** Bump the generation, or another such counter (compare-and-set until it takes): every instance re-reads the decisions within one poll. */
export async function bumpGeneration(counters: CountersRepository, now: Date, key = ABUSE_GENERATION): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await counters.get(key);
    if (await counters.cas(key, current?.version ?? null, now.toISOString())) return;
  }
  throw new Error('could not record the change for other instances (too much contention)');
}

/**
 * The operator's decisions as this instance knows them, read from the store at start and again
 * whenever the shared generation moves (polled every 2 s): disabled links, suspended workspaces,
 * the stored blocked hosts and the deleted workspaces still being purged. Both sets are read on the redirect path and by the API guard, so they
 * live in memory; they hold only what operators decided, never anything a request adds.
 */
export class ModerationState {
  disabledLinks: ReadonlySet<string> = new Set();
  suspended: ReadonlySet<string> = new Set();
  /**
   * Deleted workspaces (docs/adr/0177): their links answer 404 while their purge runs. Kept after it
   * finished too, for the life of the process (a link cache may still hold their links); only an
   * operator creates workspaces, so this holds as many ids as they deleted since the start.
   */
  deleting: ReadonlySet<string> = new Set();
  private generation: number | null | undefined;
  private deletions: number | null | undefined;
  private deletionsMoved = false;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly repos: Pick<Repositories, 'counters' | 'moderation' | 'blocklist' | 'workspaces'>,
    private readonly blocklist: Blocklist,
  ) {}

  /** Nothing disabled, suspended or blocked: the redirect path skips every check. */
  get idle(): boolean {
    return this.disabledLinks.size === 0 && this.suspended.size === 0 && this.blocklist.size === 0;
  }

  /** Read everything now (at start, and whenever the generation moved). */
  async load(): Promise<void> {
    const generation = (await this.repos.counters.get(ABUSE_GENERATION))?.version ?? null;
    const [deletions, disabled, suspensions, hosts, deleting] = await Promise.all([
      this.repos.counters.get(WORKSPACE_DELETIONS).then((c) => c?.version ?? null),
      this.repos.moderation.disabledLinks(),
      this.repos.moderation.suspensions(),
      this.repos.blocklist.list(),
      this.repos.workspaces.deleting(),
    ]);
    this.deleting = new Set([...this.deleting, ...deleting.map((w) => w.id)]);
    this.disabledLinks = new Set(disabled.map((d) => d.linkId));
    this.suspended = new Set(suspensions.map((s) => s.workspaceId));
    this.blocklist.setStored(hosts.map((h) => h.host));
    this.generation = generation;
    this.deletionsMoved = this.deletions !== undefined && deletions !== this.deletions;
    this.deletions = deletions;
  }

  /** Once: read if never read (the CLI reads on first use, the server at start). */
  ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  /** Whether the last re-read found a workspace deleted since the one before (never at the first read). */
  get workspacesDeleted(): boolean {
    return this.deletionsMoved;
  }

  /** Re-read when the generation moved; true when it did. */
  async refresh(): Promise<boolean> {
    const generation = (await this.repos.counters.get(ABUSE_GENERATION))?.version ?? null;
    if (generation === this.generation) return false;
    await this.load();
    return true;
  }

  /** Poll the generation every `everyMs`; `changed` runs after each re-read, told whether a workspace was deleted since the last. */
  start(everyMs: number, changed: (workspacesDeleted: boolean) => void, failed: (e: unknown) => void): void {
    const tick = () => {
      this.refresh().then((moved) => {
        if (moved) changed(this.deletionsMoved);
      }, failed);
    };
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

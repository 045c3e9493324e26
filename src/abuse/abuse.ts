import type { Clock } from '../domain/clock.js';
import { assertNotBlocked, blockedEntry, type DestinationPolicy, type TargetUrl } from '../domain/destinations.js';
import type { Repositories } from '../storage/repositories.js';
import { Blocklist } from './blocklist.js';
import { FeedFile, type FeedLog, type FeedWatchOptions } from './feed-file.js';
import { bumpGeneration, ModerationState, WORKSPACE_DELETIONS } from './moderation.js';

/** A cached link as the redirect asks about it. */
export interface StoppableLink {
  id: string;
  workspaceId: string;
  /** Every target URL of the link (the URLs of domain/destinations.ts linkTargets: rules, variants and expired URL included). */
  targetUrls: readonly string[];
}

/** How often each instance looks for the operator's changes (made by the CLI, maybe on another machine). */
export const ABUSE_POLL_MS = 2000;

export interface AbuseOptions {
  /** LSK_BLOCKLIST_FILE. */
  file?: string | undefined;
  log: FeedLog;
  clock: Clock;
  watch?: FeedWatchOptions;
}

/**
 * Abuse controls in one place (docs/adr/0130): blocked hosts (LSK_BLOCKLIST_FILE plus `lsk
 * blocklist`), disabled links and suspended workspaces. Link writes ask `assertAllowed`; the
 * redirect path asks `stops` (synchronous, O(1) for a cached link unless the blocklist changed);
 * the API guard asks `suspended`.
 */
export class Abuse implements DestinationPolicy {
  readonly blocklist = new Blocklist();
  readonly state: ModerationState;
  readonly feed: FeedFile | undefined;
  private loaded: Promise<void> | undefined;
  /** Per cached link: whether one of its targets is blocked, as of a blocklist version. */
  private verdicts = new WeakMap<object, { version: number; blocked: boolean }>();

  constructor(
    private readonly repos: Pick<Repositories, 'counters' | 'moderation' | 'blocklist' | 'workspaces'>,
    opts: AbuseOptions,
  ) {
    this.state = new ModerationState(repos, this.blocklist);
    if (opts.file) {
      this.feed = new FeedFile(
        opts.file,
        (hosts, stats) => this.blocklist.setFile(hosts, stats),
        opts.log,
        () => opts.clock.now(),
        opts.watch,
      );
    }
  }

  /** Everything read once (the stored decisions and the file). */
  ready(): Promise<void> {
    this.loaded ??= Promise.all([this.state.ready(), this.feed?.load()]).then(() => undefined);
    return this.loaded;
  }

  /** Follow changes: the file as it changes, the stored decisions every ABUSE_POLL_MS. */
  start(changed: (workspacesDeleted: boolean) => void, failed: (e: unknown) => void, pollMs = ABUSE_POLL_MS): void {
    this.feed?.start();
    this.state.start(pollMs, changed, failed);
  }

  stop(): void {
    this.feed?.stop();
    this.state.stop();
  }

  async assertAllowed(targets: TargetUrl[]): Promise<void> {
    await this.ready();
    assertNotBlocked(this.blocklist, targets);
  }

  /** Whether the workspace was deleted (its purge not finished yet): its links answer 404, like unknown ones. */
  gone(workspaceId: string): boolean {
    const d = this.state.deleting;
    return d.size !== 0 && d.has(workspaceId);
  }

  /** A workspace was deleted here: this instance knows at once, the others within one poll. */
  async workspaceDeleted(now: Date): Promise<void> {
    await bumpGeneration(this.repos.counters, now, WORKSPACE_DELETIONS);
    await bumpGeneration(this.repos.counters, now);
    await this.state.load();
  }

  suspended(workspaceId: string): boolean {
    return this.state.suspended.has(workspaceId);
  }

  /** Whether a visit to this link answers link_disabled: disabled, its workspace suspended, or a target on a blocked host. */
  stops(link: StoppableLink): boolean {
    const s = this.state;
    if (s.idle) return false;
    if (s.disabledLinks.has(link.id) || s.suspended.has(link.workspaceId)) return true;
    const bl = this.blocklist;
    if (bl.size === 0) return false;
    let v = this.verdicts.get(link);
    if (v === undefined || v.version !== bl.version) {
      v = { version: bl.version, blocked: link.targetUrls.some((url) => blockedEntry(bl, url) !== null) };
      this.verdicts.set(link, v);
    }
    return v.blocked;
  }
}

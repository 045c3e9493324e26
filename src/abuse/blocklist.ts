import type { BlockedHosts } from '../domain/destinations.js';
import { HostSet } from '../domain/host-set.js';

/** What the last read of LSK_BLOCKLIST_FILE found. */
export interface FeedStats {
  path: string;
  lines: number;
  hosts: number;
  skipped: number;
  loadedAt: Date;
  /** Bytes held by the file's hosts. */
  bytes: number;
}

/** The last character of an IPv4 literal is a digit; no host name's is (its last label starts with a letter). */
const isAddress = (host: string) => host.includes(':') || /^\d+\.\d+\.\d+\.\d+$/.test(host);

/**
 * The blocked hosts in force: LSK_BLOCKLIST_FILE's and the operator's (`lsk blocklist add`), each
 * blocking its subdomains too. A lookup costs O(length of the host), with no await (the redirect
 * path asks it). `version` moves whenever either source changes, so answers cached against it know
 * when to ask again.
 */
export class Blocklist implements BlockedHosts {
  version = 0;
  private fromFile = new HostSet();
  private fromStore = new HostSet();
  file: FeedStats | null = null;

  /** The entry `host` falls under, or null. Addresses are matched exactly, never as "parents". */
  blockedBy(host: string): string | null {
    if (this.fromFile.size === 0 && this.fromStore.size === 0) return null;
    const parents = !isAddress(host);
    return this.fromFile.match(host, parents) ?? this.fromStore.match(host, parents);
  }

  /** Hosts listed by both sources together (a host listed twice counts twice). */
  get size(): number {
    return this.fromFile.size + this.fromStore.size;
  }

  setFile(hosts: HostSet, stats: FeedStats): void {
    this.fromFile = hosts;
    this.file = stats;
    this.version++;
  }

  setStored(hosts: readonly string[]): void {
    const set = new HostSet(hosts.length);
    for (const h of hosts) set.add(h);
    this.fromStore = set;
    this.version++;
  }
}

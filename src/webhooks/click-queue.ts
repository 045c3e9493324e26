import type { Visit } from '../redirect/click-recorder.js';
import type { Visitor } from '../redirect/user-agent.js';

/** What a link.clicked body says of a click. */
export interface QueuedClick {
  linkId: string;
  atMs: number;
  country: string | null;
  visitor: Visitor;
  referrer: string | null;
}

/**
 * The clicks waiting for link.clicked (at most a second's worth, up to the queue's bound), kept
 * column by column: a visit adds a slot to each array, pointing at values the redirect holds
 * anyway (the cached link's id, the memoized visitor and referrer) and its time unboxed in an array
 * of doubles. Queuing the visit object itself kept every visit's object alive until the next drain,
 * long enough for the young generation to copy it and promote it to the old one, where only a full
 * collection frees it (docs/adr/0184).
 */
export class ClickQueue {
  private linkIds: string[] = [];
  private workspaceIds: string[] = [];
  private ats: number[] = [];
  private countries: (string | null)[] = [];
  private visitors: Visitor[] = [];
  private referrers: (string | null)[] = [];

  get length(): number {
    return this.linkIds.length;
  }

  push(v: Visit): void {
    this.linkIds.push(v.linkId);
    this.workspaceIds.push(v.workspaceId);
    this.ats.push(v.atMs);
    this.countries.push(v.country);
    this.visitors.push(v.visitor);
    this.referrers.push(v.referrer);
  }

  /**
   * Everything waiting, the queue empty after: the workspaces with their clicks' positions in order of
   * arrival, and `click(i)` making the click at a position (only for workspaces that subscribe).
   */
  take(): TakenClicks {
    const { linkIds, workspaceIds, ats, countries, visitors, referrers } = this;
    this.linkIds = [];
    this.workspaceIds = [];
    this.ats = [];
    this.countries = [];
    this.visitors = [];
    this.referrers = [];
    const byWorkspace = new Map<string, number[]>();
    for (let i = 0; i < workspaceIds.length; i++) {
      const list = byWorkspace.get(workspaceIds[i]!);
      if (list) list.push(i);
      else byWorkspace.set(workspaceIds[i]!, [i]);
    }
    return {
      byWorkspace,
      click: (i) => ({ linkId: linkIds[i]!, atMs: ats[i]!, country: countries[i]!, visitor: visitors[i]!, referrer: referrers[i]! }),
    };
  }
}

export interface TakenClicks {
  byWorkspace: Map<string, number[]>;
  click(i: number): QueuedClick;
}

import type { ClickEvent } from '../storage/clicks/repository.js';

/**
 * The click events counted since the last flush, kept column by column until the flush makes them
 * objects: a visit adds a slot to each array, pointing at strings held anyway (the cached link's
 * ids, the reused combination key) and its time unboxed in an array of doubles. An object per
 * event, held until the flush, lived long enough to be copied by the young generation's
 * collections and promoted to the old one, where only a full collection frees it (docs/adr/0184).
 */
export class WaitingEvents {
  private ats: number[] = [];
  private linkIds: string[] = [];
  private workspaceIds: string[] = [];
  private combos: string[] = [];

  get length(): number {
    return this.ats.length;
  }

  push(at: number, linkId: string, workspaceId: string, combo: string): void {
    this.ats.push(at);
    this.linkIds.push(linkId);
    this.workspaceIds.push(workspaceId);
    this.combos.push(combo);
  }

  /** The events waiting, in order of arrival, as the store takes them; none wait after. */
  take(): ClickEvent[] {
    const { ats, linkIds, workspaceIds, combos } = this;
    this.ats = [];
    this.linkIds = [];
    this.workspaceIds = [];
    this.combos = [];
    const out = new Array<ClickEvent>(ats.length);
    for (let i = 0; i < ats.length; i++) out[i] = { at: ats[i]!, linkId: linkIds[i]!, workspaceId: workspaceIds[i]!, combo: combos[i]! };
    return out;
  }
}

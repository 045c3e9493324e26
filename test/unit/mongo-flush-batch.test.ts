/** A MongoDB flush reads its link-hours and events field by field (docs/adr/0208): the records' first, then the batch's own. */
import { describe, expect, it } from 'vitest';
import { CountedVisits } from '../../src/storage/clicks/counted-visits.js';
import { FlushBatch } from '../../src/storage/clicks/mongo-flush-batch.js';
import { type ClickEvent, HOUR_MS, type HourCounts } from '../../src/storage/clicks/repository.js';
import { keyOf } from '../contract/_harness.js';

const T = Date.parse('2026-11-26T10:00:00Z');
const de = keyOf({ country: 'DE' });
const us = keyOf({ country: 'US' });

/** Every link-hour and event of a batch as the flush reads them. */
function read(b: FlushBatch) {
  const hours = Array.from({ length: b.hourCount }, (_, i) => {
    const combos: [string, number][] = [];
    b.eachCombo(i, (k, n) => combos.push([k, n]));
    return { linkId: b.linkOf(i), workspaceId: b.workspaceOf(i), hour: b.hourOf(i), clicks: b.clicksOf(i), bots: b.botsOf(i), combos };
  });
  const events = Array.from({ length: b.eventCount }, (_, i) => ({
    at: b.eventTime(i),
    linkId: b.eventLink(i),
    workspaceId: b.eventWorkspace(i),
    combo: b.eventCombo(i),
  }));
  return { hours, events };
}

describe('a MongoDB flush batch', () => {
  it('reads the records counted, then the link-hours and events counted by the recorder, field by field', async () => {
    const v = await CountedVisits.count({
      at: [T, T + 1, T + HOUR_MS],
      linkIds: ['lnk_a', 'lnk_a', 'lnk_a'],
      workspaceIds: ['wsp_a', 'wsp_a', 'wsp_a'],
      keys: [us, de, us],
      events: [1, 0, 1],
    });
    const own: HourCounts = { linkId: 'lnk_b', workspaceId: 'wsp_b', hour: T, clicks: 2, bots: 0, combos: new Map([[de, 2]]) };
    const ownEvent: ClickEvent = { at: T + 5, linkId: 'lnk_b', workspaceId: 'wsp_b', combo: de };
    const b = new FlushBatch(v, [own], [ownEvent]);
    expect(b.recordsOnly).toBe(false);
    expect(read(b)).toEqual({
      hours: [
        {
          linkId: 'lnk_a',
          workspaceId: 'wsp_a',
          hour: T,
          clicks: 2,
          bots: 0,
          combos: [
            [us, 1],
            [de, 1],
          ],
        },
        { linkId: 'lnk_a', workspaceId: 'wsp_a', hour: T + HOUR_MS, clicks: 1, bots: 0, combos: [[us, 1]] },
        { linkId: 'lnk_b', workspaceId: 'wsp_b', hour: T, clicks: 2, bots: 0, combos: [[de, 2]] },
      ],
      events: [{ at: T, linkId: 'lnk_a', workspaceId: 'wsp_a', combo: us }, { at: T + HOUR_MS, linkId: 'lnk_a', workspaceId: 'wsp_a', combo: us }, ownEvent],
    });
    expect([b.firstOfLink(0), b.firstOfLink(1)]).toEqual([0, 0]);
  });

  it("is records only without link-hours of the recorder, and reads the recorder's alone without records", () => {
    const own: HourCounts = { linkId: 'lnk_b', workspaceId: 'wsp_b', hour: T, clicks: 0, bots: 1, combos: new Map([[keyOf({ bot: true }), 1]]) };
    expect(new FlushBatch(undefined, [], []).recordsOnly).toBe(true);
    const b = new FlushBatch(undefined, [own], []);
    expect(read(b).hours).toEqual([{ linkId: 'lnk_b', workspaceId: 'wsp_b', hour: T, clicks: 0, bots: 1, combos: [[keyOf({ bot: true }), 1]] }]);
    expect(b.eventCount).toBe(0);
  });
});

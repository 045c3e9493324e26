/** A page's click totals: closed counts plus every open hour of the links asked for, on both stores. */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { HOUR_MS } from '../../src/storage/clicks/repository.js';
import { batchOf, hc, type OpenedStore, openStore, STORE_KINDS, uid } from './_harness.js';

const DAY = 86_400_000;

describe.each(STORE_KINDS)('click totals on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 70 * DAY);

  it('adds the closed counts and the open rows of several hours per link, and nothing of links not asked for', async () => {
    clock.set(start + 70 * DAY);
    opened = await openStore(kind, { clock });
    const clicks = opened.repos.clicks;
    const [w, other] = [uid('wsp'), uid('wsp')];
    const [closedAndOpen, openOnly, closedOnly, notAsked, none, foreign] = [uid('lnk'), uid('lnk'), uid('lnk'), uid('lnk'), uid('lnk'), uid('lnk')];
    const t = start + 10 * DAY;
    await clicks.record(
      batchOf([
        hc(closedAndOpen, w, t, [
          [{ country: 'DE' }, 4],
          [{ bot: true }, 1],
        ]),
        hc(closedOnly, w, t, [[{ country: 'FR' }, 2]]),
      ]),
    );
    await clicks.maintain(); // the clock is days past them: closed
    // Late counts go into open rows first: three open hours, one link in two of them.
    await clicks.record(
      batchOf([
        hc(closedAndOpen, w, t + HOUR_MS, [[{ country: 'DE' }, 3]]),
        hc(closedAndOpen, w, t + 2 * HOUR_MS, [[{ bot: true }, 2]]),
        hc(openOnly, w, t + 2 * HOUR_MS, [[{ country: 'US' }, 5]]),
        hc(notAsked, w, t + 3 * HOUR_MS, [[{ country: 'US' }, 7]]),
        hc(foreign, other, t + 2 * HOUR_MS, [[{ country: 'US' }, 9]]),
      ]),
    );
    const totals = await clicks.totals(w, [closedAndOpen, openOnly, closedOnly, none]);
    expect(totals).toEqual(
      new Map([
        [closedAndOpen, { clicks: 7, bots: 3 }],
        [openOnly, { clicks: 5, bots: 0 }],
        [closedOnly, { clicks: 2, bots: 0 }],
      ]),
    );
    expect(await clicks.totals(other, [foreign])).toEqual(new Map([[foreign, { clicks: 9, bots: 0 }]]));
    expect(await clicks.totals(w, [])).toEqual(new Map());
    // Another workspace's link asked for under this one: nothing, open or closed.
    expect(await clicks.totals(w, [foreign])).toEqual(new Map());
    expect(await clicks.totals(other, [closedAndOpen, closedOnly])).toEqual(new Map());
    await clicks.maintain();
    expect(await clicks.totals(w, [closedAndOpen, openOnly, closedOnly, none])).toEqual(totals);
    expect(await clicks.totals(w, [foreign])).toEqual(new Map());
    expect(await clicks.totals(other, [foreign, closedAndOpen])).toEqual(new Map([[foreign, { clicks: 9, bots: 0 }]]));
  }, 120_000);
});

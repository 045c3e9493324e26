/** The clicks repository: hourly rollups and per-link totals, on both stores. */
import { describe, expect, it } from 'vitest';
import type { ClickBatch, HourCounts } from '../../src/storage/clicks/repository.js';
import { describeStores, hc, hour, uid } from './_harness.js';

const batch = (...hours: HourCounts[]): ClickBatch => ({ hours });

describeStores('clicks repository', (store) => {
  const ws = () => uid('wsp');
  const all = { from: new Date(hour(-1000)), to: new Date(hour(1000)) };

  it('adds batches up into all-time totals per link, bots apart; links without clicks are absent', async () => {
    const w = ws();
    const [l1, l2, quiet] = [uid('lnk'), uid('lnk'), uid('lnk')];
    await store().clicks.record(batch());
    await store().clicks.record(batch(hc(l1, w, hour(0), 3, 1), hc(l2, w, hour(0), 0, 2)));
    await store().clicks.record(batch(hc(l1, w, hour(0), 2, 0), hc(l1, w, hour(5), 1, 1), hc(l2, w, hour(1), 4, 0)));
    const totals = await store().clicks.totals([l1, l2, quiet]);
    expect(Object.fromEntries(totals)).toEqual({ [l1]: { clicks: 6, bots: 2 }, [l2]: { clicks: 4, bots: 2 } });
    expect(await store().clicks.totals([])).toEqual(new Map());
  });

  it('never counts one batch twice when it is recorded again (a retry after an unknown outcome)', async () => {
    const w = ws();
    const l = uid('lnk');
    const b = batch(hc(l, w, hour(0), 2, 1, { country: { DE: 2 } }));
    await store().clicks.record(b);
    await store().clicks.record(b);
    await store().clicks.record(batch(hc(l, w, hour(0), 1, 0, { country: { DE: 1 } })));
    expect(await store().clicks.totals([l])).toEqual(new Map([[l, { clicks: 3, bots: 1 }]]));
    expect(await store().clicks.breakdown({ workspaceId: w, ...all }, 'country')).toEqual([{ key: 'DE', clicks: 3 }]);
  });

  it('sums hours in [from, to): totals, hourly rows oldest first, hours with bots only included', async () => {
    const w = ws();
    const l = uid('lnk');
    await store().clicks.record(batch(hc(l, w, hour(0), 1, 0), hc(l, w, hour(1), 2, 1), hc(l, w, hour(2), 0, 4), hc(l, w, hour(3), 8, 0)));
    const scope = { workspaceId: w, linkIds: [l], from: new Date(hour(1)), to: new Date(hour(3)) };
    expect(await store().clicks.summary(scope)).toEqual({ clicks: 2, bots: 5 });
    expect(await store().clicks.hourly(scope)).toEqual([
      { hour: new Date(hour(1)), clicks: 2, bots: 1 },
      { hour: new Date(hour(2)), clicks: 0, bots: 4 },
    ]);
    // A `from` inside an hour leaves that hour out: rollups are hourly.
    expect(await store().clicks.summary({ ...scope, from: new Date(hour(1) + 1) })).toEqual({ clicks: 0, bots: 4 });
    expect(await store().clicks.summary({ ...scope, from: new Date(hour(10)), to: new Date(hour(20)) })).toEqual({ clicks: 0, bots: 0 });
    expect(await store().clicks.hourly({ ...scope, from: new Date(hour(10)), to: new Date(hour(20)) })).toEqual([]);
  });

  it('breaks human clicks down by every dimension, most first then by key, with a limit', async () => {
    const w = ws();
    const [a, b] = [uid('lnk'), uid('lnk')];
    await store().clicks.record(
      batch(
        hc(a, w, hour(0), 5, 9, {
          country: { DE: 3, FR: 1, AT: 1 },
          referrer: { 'news.example': 2 },
          device: { desktop: 4, mobile: 1 },
          browser: { Chrome: 3, Firefox: 2 },
          os: { Windows: 4, iOS: 1 },
        }),
        hc(b, w, hour(1), 3, 0, { country: { FR: 3 }, referrer: { 'blog.example': 2 }, device: { tablet: 3 }, browser: { Safari: 3 }, os: { iOS: 2 } }),
      ),
    );
    const scope = { workspaceId: w, ...all };
    const by = (d: Parameters<ReturnType<typeof store>['clicks']['breakdown']>[1], limit?: number) => store().clicks.breakdown(scope, d, limit);
    expect(await by('country')).toEqual([
      { key: 'FR', clicks: 4 },
      { key: 'DE', clicks: 3 },
      { key: 'AT', clicks: 1 },
    ]);
    expect(await by('country', 2)).toEqual([
      { key: 'FR', clicks: 4 },
      { key: 'DE', clicks: 3 },
    ]);
    expect(await by('referrer')).toEqual([
      { key: 'blog.example', clicks: 2 },
      { key: 'news.example', clicks: 2 },
    ]);
    expect(await by('device')).toEqual([
      { key: 'desktop', clicks: 4 },
      { key: 'tablet', clicks: 3 },
      { key: 'mobile', clicks: 1 },
    ]);
    expect(await by('browser')).toEqual([
      { key: 'Chrome', clicks: 3 },
      { key: 'Safari', clicks: 3 },
      { key: 'Firefox', clicks: 2 },
    ]);
    expect(await by('os')).toEqual([
      { key: 'Windows', clicks: 4 },
      { key: 'iOS', clicks: 3 },
    ]);
    expect(await by('link')).toEqual([
      { key: a, clicks: 5 },
      { key: b, clicks: 3 },
    ]);
    expect(await store().clicks.breakdown({ ...scope, linkIds: [b] }, 'country')).toEqual([{ key: 'FR', clicks: 3 }]);
    expect(await store().clicks.summary(scope)).toEqual({ clicks: 8, bots: 9 });
  });

  it('keeps workspaces apart: another workspace sees nothing, even naming the link', async () => {
    const [w1, w2] = [ws(), ws()];
    const l = uid('lnk');
    await store().clicks.record(batch(hc(l, w1, hour(0), 2, 1, { country: { DE: 2 } })));
    const scope = { workspaceId: w2, ...all };
    expect(await store().clicks.summary({ ...scope, linkIds: [l] })).toEqual({ clicks: 0, bots: 0 });
    expect(await store().clicks.summary(scope)).toEqual({ clicks: 0, bots: 0 });
    expect(await store().clicks.breakdown({ ...scope, linkIds: [l] }, 'country')).toEqual([]);
    expect(await store().clicks.hourly(scope)).toEqual([]);
    expect(await store().clicks.summary({ workspaceId: w1, linkIds: [], ...all })).toEqual({ clicks: 0, bots: 0 });
  });

  it("forgets a deleted link's counts, and only that link's", async () => {
    const w = ws();
    const [gone, kept] = [uid('lnk'), uid('lnk')];
    await store().clicks.record(batch(hc(gone, w, hour(0), 2, 1, { device: { desktop: 2 } }), hc(kept, w, hour(0), 1, 0, { device: { mobile: 1 } })));
    await store().clicks.forget(w, gone);
    expect(Object.fromEntries(await store().clicks.totals([gone, kept]))).toEqual({ [kept]: { clicks: 1, bots: 0 } });
    expect(await store().clicks.breakdown({ workspaceId: w, ...all }, 'device')).toEqual([{ key: 'mobile', clicks: 1 }]);
  });

  describe('upkeep', () => {
    it('reads the same before and after upkeep (SQLite closes past hours), and adds counts arriving late', async () => {
      const w = ws();
      const [l1, l2] = [uid('lnk'), uid('lnk')];
      const now = Date.now();
      const current = now - (now % 3_600_000);
      await store().clicks.record(
        batch(
          hc(l1, w, hour(0), 2, 1, { country: { DE: 2 }, device: { desktop: 2 } }),
          hc(l1, w, current, 1, 0, { country: { FR: 1 }, device: { mobile: 1 } }),
          hc(l2, w, hour(3), 4, 0, { referrer: { 'a.example': 4 }, device: { tablet: 4 } }),
        ),
      );
      const scope = { workspaceId: w, from: new Date(hour(-10)), to: new Date(current + 3_600_000) };
      const reads = async () => [
        Object.fromEntries(await store().clicks.totals([l1, l2])),
        await store().clicks.summary(scope),
        await store().clicks.hourly(scope),
        await store().clicks.breakdown(scope, 'country'),
        await store().clicks.breakdown(scope, 'device'),
        await store().clicks.breakdown(scope, 'referrer'),
        await store().clicks.breakdown(scope, 'link'),
      ];
      const before = await reads();
      await store().clicks.maintain();
      expect(await reads()).toEqual(before);
      await store().clicks.record(batch(hc(l1, w, hour(0), 1, 0, { country: { DE: 1 }, device: { desktop: 1 } })));
      expect(Object.fromEntries(await store().clicks.totals([l1]))).toEqual({ [l1]: { clicks: 4, bots: 1 } });
      expect(await store().clicks.breakdown({ ...scope, linkIds: [l1] }, 'country')).toEqual([
        { key: 'DE', clicks: 3 },
        { key: 'FR', clicks: 1 },
      ]);
      await store().clicks.maintain();
      expect(await store().clicks.breakdown({ ...scope, linkIds: [l1] }, 'device')).toEqual([
        { key: 'desktop', clicks: 3 },
        { key: 'mobile', clicks: 1 },
      ]);
    });

    it('has maintain and release callable at any time: the store keeps recording and answering', async () => {
      const link = uid('lnk');
      await store().clicks.maintain();
      await store().clicks.release();
      await store().clicks.record(batch(hc(link, ws(), hour(0), 1, 0)));
      expect(Object.fromEntries(await store().clicks.totals([link]))).toEqual({ [link]: { clicks: 1, bots: 0 } });
      await store().clicks.release();
      await store().clicks.maintain();
      await store().clicks.record(batch(hc(link, ws(), hour(1), 2, 1)));
      expect(Object.fromEntries(await store().clicks.totals([link]))).toEqual({ [link]: { clicks: 3, bots: 1 } });
    });
  });
});

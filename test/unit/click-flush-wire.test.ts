/** A flush chunk's wire format: strings listed once as JSON, numbers in arrays of doubles; what the writer reads back is what was counted. */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ChunkEncoder, decodeChunk, transferOf, wireChunk } from '../../src/storage/clicks/flush-wire.js';
import { LinkHour } from '../../src/storage/clicks/link-hour.js';
import type { ClickEvent } from '../../src/storage/clicks/repository.js';
import { hc, keyOf, type Values } from '../contract/_harness.js';

const HOUR = Date.parse('2026-11-26T10:00:00Z');

describe('flush chunk wire format', () => {
  it('gives back every link-hour and event as counted, however many combinations a link-hour has', () => {
    // More combinations than the encoder's first guess (one per link-hour): its numbers grow.
    const many = hc('lnk_many', 'wsp_b', HOUR, [
      ...Array.from({ length: 40 }, (_, i): [Values, number] => [{ country: 'DE', city: `Stadt ${i}` }, i + 1]),
      [{ bot: true }, 7],
    ]);
    const hours = [
      hc('lnk_a', 'wsp_a', HOUR, [[{ country: 'CH', city: 'Zürich', referrer_url: 'https://exämple.ch/ü' }, 3]]),
      many,
      hc('lnk_b', 'wsp_a', HOUR - 3_600_000, [[{ bot: true }, 2]]),
    ];
    const events: ClickEvent[] = [
      { at: HOUR + 1, linkId: 'lnk_a', workspaceId: 'wsp_a', combo: [...hours[0]!.combos.keys()][0]! },
      { at: HOUR + 59 * 60_000 + 999, linkId: 'lnk_many', workspaceId: 'wsp_b', combo: [...many.combos.keys()][39]! },
    ];
    // Fewer than it gets of both: its arrays grow.
    const enc = new ChunkEncoder(1, 1);
    for (const h of hours) enc.row(h);
    for (const e of events) enc.event(e);
    const chunk = enc.done('w.1:0');
    expect(chunk.id).toBe('w.1:0');
    const { rows, events: evs } = decodeChunk(chunk);
    expect(rows).toEqual(hours.map((h) => [h.linkId, h.hour, h.workspaceId, h.clicks, h.bots, Object.fromEntries(h.combos)]));
    expect(evs).toEqual(events.map((e) => [e.at, e.linkId, e.workspaceId, e.combo]));
    // Each workspace and combination key is spelled out once in the chunk's text.
    const text = new TextDecoder().decode(chunk.text);
    expect(text.split('"wsp_a"').length - 1).toBe(1);
    // The two bots' keys are one key.
    expect(wireChunk(chunk).k).toHaveLength(many.combos.size + 1);
  });

  it('hands over its three buffers whole (a worker receives the views as sent)', async () => {
    const enc = new ChunkEncoder(2, 0);
    enc.row(hc('lnk_x', 'wsp_a', HOUR, [[{ country: 'FR' }, 1]]));
    const chunk = enc.done('w.2:0');
    const { port1, port2 } = new MessageChannel();
    const got = new Promise<typeof chunk>((resolve) => port2.once('message', resolve));
    port1.postMessage(chunk, transferOf(chunk));
    const received = await got;
    port1.close();
    expect(chunk.text.byteLength).toBe(0);
    expect(decodeChunk(received).rows).toEqual([['lnk_x', HOUR, 'wsp_a', 1, 0, { [keyOf({ country: 'FR' })]: 1 }]]);
  });

  it("writes the recorder's link-hours of one combination (read without their Map) as those of several", () => {
    const one = new LinkHour('lnk_one', 'wsp_a', HOUR);
    const two = new LinkHour('lnk_two', 'wsp_b', HOUR);
    const [de, fr, bot] = [keyOf({ country: 'DE' }), keyOf({ country: 'FR' }), keyOf({ bot: true })];
    for (const [h, key, isBot] of [
      [one, de, false],
      [one, de, false],
      [two, fr, false],
      [two, bot, true],
      [two, fr, false],
    ] as const) {
      h.add(key);
      if (isBot) h.bots++;
      else h.clicks++;
    }
    const enc = new ChunkEncoder(2, 2);
    enc.row(one);
    enc.row(two);
    // Two events in a row of one workspace and one key, then another: each list still names each once.
    enc.event({ at: HOUR + 1, linkId: 'lnk_one', workspaceId: 'wsp_a', combo: de });
    enc.event({ at: HOUR + 2, linkId: 'lnk_one', workspaceId: 'wsp_a', combo: de });
    enc.event({ at: HOUR + 3, linkId: 'lnk_two', workspaceId: 'wsp_b', combo: fr });
    const chunk = enc.done('w.4:0');
    expect(decodeChunk(chunk)).toEqual({
      rows: [
        ['lnk_one', HOUR, 'wsp_a', 2, 0, { [de]: 2 }],
        ['lnk_two', HOUR, 'wsp_b', 2, 1, { [fr]: 2, [bot]: 1 }],
      ],
      events: [
        [HOUR + 1, 'lnk_one', 'wsp_a', de],
        [HOUR + 2, 'lnk_one', 'wsp_a', de],
        [HOUR + 3, 'lnk_two', 'wsp_b', fr],
      ],
    });
    const wire = wireChunk(chunk);
    expect(wire.w).toEqual(['wsp_a', 'wsp_b']);
    expect(wire.k).toEqual([de, fr, bot]);
  });

  it('makes an empty chunk of nothing', () => {
    expect(decodeChunk(new ChunkEncoder(0, 0).done('w.3:0'))).toEqual({ rows: [], events: [] });
  });
});

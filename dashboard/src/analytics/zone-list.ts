/**
 * The time zone picker's list (zone-options.ts). What a zone's option says whatever the date (its
 * city, place, usual name and offset formatter: two Intl formatters a zone, about 420 zones a few
 * tenths of a second, a second on a busy machine; docs/adr/0237) is made once per page life, a few
 * zones at a time between the page's tasks once the picker is on screen, so that the list opens at
 * once. The offsets are read again for the minute the list opens in (docs/adr/0242): a page left open
 * across a change to or from summer time lists the offsets in force, not those of its first load.
 */
import { localZone, zones } from './labels.js';
import { offered, type ZoneFacts, type ZoneOption, zoneFacts, zoneOptions } from './zone-options.js';

export interface ZoneCatalog {
  /** Starts making the facts (once), `slice` ms at a time, by `later` (between the page's own tasks). */
  prepare: (later: (step: () => void) => void, slice?: number) => void;
  /** The whole list with the offsets at `now`, the viewer's zone and UTC first; facts not made yet, made now. */
  at: (now: Date) => ZoneOption[];
}

export function zoneCatalog(all: () => readonly string[], yours: () => string): ZoneCatalog {
  const made = new Map<string, ZoneFacts>();
  const facts = (z: string) => {
    const f = made.get(z) ?? zoneFacts(z);
    made.set(z, f);
    return f;
  };
  let started = false;
  // Offsets change on a whole minute: a list asked for again within the same minute is the same.
  let kept: { minute: number; list: ZoneOption[] } | null = null;
  return {
    prepare(later, slice = 8) {
      if (started) return;
      started = true;
      const todo = offered(all());
      const step = () => {
        const until = performance.now() + slice;
        while (todo.length > 0 && performance.now() < until) facts(todo.pop()!);
        if (todo.length > 0) later(step);
      };
      later(step);
    },
    at(now) {
      const minute = Math.floor(now.getTime() / 60_000);
      if (kept?.minute !== minute) kept = { minute, list: zoneOptions(all(), yours(), now, facts) };
      return kept.list;
    },
  };
}

/** The page's own, kept while it lives. */
const catalog = zoneCatalog(zones, localZone);

/** Starts making the list after the page's first second, 8 ms at a time between its tasks. */
export function prepareZoneList(): void {
  setTimeout(() => catalog.prepare((step) => setTimeout(step, 0)), 1_000);
}

/** The list with the offsets in force now. */
export const zoneList = (now = new Date()): ZoneOption[] => catalog.at(now);

/**
 * The overview's list of zones (zone-options.ts), made once per page life. Each zone takes two Intl
 * formatters, about 420 zones a few tenths of a second, or a second on a busy machine (docs/adr/0237):
 * made a few at a time between the page's tasks once the picker is on screen, so that the list
 * opens at once; what is not made yet when it opens is made then.
 */
import { localZone, zones } from './labels';
import { offered, type ZoneOption, zoneOption, zoneOptions } from './zone-options';

const made = new Map<string, ZoneOption>();
let now = new Date();
let started = false;

/** Starts making the options (once), 8 ms at a time between the page's own tasks, after its first second. */
export function prepareZoneList(): void {
  if (started) return;
  started = true;
  now = new Date();
  const todo = offered(zones());
  const step = () => {
    const until = performance.now() + 8;
    while (todo.length > 0 && performance.now() < until) {
      const z = todo.pop()!;
      if (!made.has(z)) made.set(z, zoneOption(z, now, false));
    }
    if (todo.length > 0) setTimeout(step, 0);
  };
  setTimeout(step, 1_000);
}

/** The whole list, the viewer's zone and UTC first; what is not made yet, made now. */
export function zoneList(): ZoneOption[] {
  return zoneOptions(zones(), localZone(), now, (z) => {
    const o = made.get(z) ?? zoneOption(z, now, false);
    made.set(z, o);
    return o;
  });
}

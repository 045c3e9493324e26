/**
 * The overview's time zone (docs/adr/0237): a combobox (WAI-ARIA's list autocomplete) over the
 * browser's zones, each with its offset from UTC, city and usual name; typing a city, a zone's
 * name or an offset (`+1`, `-5`, `+5:30`) narrows the list. Closed, the field names the zone in force.
 * Keys: ↓/↑ move (↓ opens), Home/End, Enter picks, Escape closes and keeps the zone in force.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { prepareZoneList, zoneList } from './zone-list';
import { matchZones, withZone, type ZoneOption } from './zone-options';
import './zone-picker.css';

/** The list (zone-list.ts), kept while the page lives; `zone` in it. */
let list: ZoneOption[] | null = null;
function optionsFor(zone: string): ZoneOption[] {
  list ??= zoneList();
  return withZone(list, zone);
}

export function ZonePicker({ zone, onZone }: { zone: string; onZone: (zone: string) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const shown = open ? matchZones(optionsFor(zone), query) : [];
  const at = Math.min(active, shown.length - 1);
  useEffect(prepareZoneList, []);
  useLayoutEffect(() => {
    if (open && at >= 0) list.current?.children[at]?.scrollIntoView({ block: 'nearest' });
  }, [open, at]);
  const openAt = (q: string) => {
    const all = matchZones(optionsFor(zone), q);
    setQuery(q);
    setActive(
      q
        ? 0
        : Math.max(
            0,
            all.findIndex((o) => o.zone === zone),
          ),
    );
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const pick = (o: ZoneOption | undefined) => {
    close();
    if (o && o.zone !== zone) onZone(o.zone);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: shown.length - 1, PageDown: at + 10, PageUp: at - 10 };
    if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) openAt('');
    else if (open && e.key in moves && !(e.key in { Home: 1, End: 1 } && query)) setActive(Math.max(0, Math.min(shown.length - 1, moves[e.key]!)));
    else if (open && e.key === 'Enter') pick(shown[at]);
    else if (open && e.key === 'Escape') close();
    else return;
    e.preventDefault();
  };
  return (
    <div class="zone-picker">
      <label for="zone-input">Time zone</label>
      <input
        id="zone-input"
        role="combobox"
        aria-expanded={open && shown.length > 0}
        aria-controls="zone-list"
        aria-autocomplete="list"
        aria-activedescendant={open && at >= 0 ? `zone-${at}` : undefined}
        aria-describedby="zone-hint"
        autocomplete="off"
        spellcheck={false}
        value={open ? query : zone}
        placeholder={zone}
        // Typing into the field replaces the zone's name shown, rather than adding to it.
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => (open ? null : openAt(''))}
        onInput={(e) => openAt(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <span id="zone-hint" class="visually-hidden">
        Type a city, a zone or an offset such as +1, then choose with the arrow keys and Enter.
      </span>
      <div id="zone-list" ref={list} role="listbox" aria-label="Time zones" class="zone-list" hidden={!open || shown.length === 0}>
        {shown.map((o, i) => (
          <div
            key={o.zone}
            id={`zone-${i}`}
            role="option"
            // The input keeps the focus (aria-activedescendant); -1 only lets a pointer focus it, as the pattern allows.
            tabIndex={-1}
            aria-selected={i === at}
            class={i === at ? 'zone-option active' : 'zone-option'}
            // Pressing an option must not blur the input first (which closes the list).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o)}
            onKeyDown={(e) => e.key === 'Enter' && pick(o)}
          >
            <span class="zone-offset">{o.offsetText}</span>
            <span class="zone-city">
              {o.city}
              {o.yours ? ' (yours)' : ''}
            </span>
            <span class="zone-more">{o.more || o.zone}</span>
          </div>
        ))}
      </div>
      {open && shown.length === 0 ? <p class="zone-none">No time zone matches “{query}”.</p> : null}
      <span class="visually-hidden" aria-live="polite">
        {open && query ? `${shown.length} ${shown.length === 1 ? 'time zone' : 'time zones'} found` : ''}
      </span>
    </div>
  );
}

/**
 * The time zone picker (docs/adr/0237, 0242), on the overview and the report form: the dashboard's
 * combobox (ui/combobox.tsx) over the browser's zones, each with its offset from UTC when the list
 * opens, city and usual name; typing a city, a zone's name or an offset (`+1`, `-5`, `+5:30`)
 * narrows the list, the best matches first (zone-match.ts). Closed, the field names the zone in force.
 * Opened by a click, ↓/↑ (on the zone in force) or typing; Escape closes and keeps the zone.
 */
import { useEffect, useState } from 'preact/hooks';
import { Combobox, useCombobox } from '../ui/combobox';
import { FieldError } from '../ui/field';
import { prepareZoneList, zoneList } from './zone-list';
import { matchZones } from './zone-match';
import { withZone, type ZoneOption } from './zone-options';
import './zone-picker.css';

export interface ZonePickerProps {
  zone: string;
  onZone: (zone: string) => void;
  /** The field's id (`zone-input`); its error's is `<id>-error`. */
  id?: string;
  /** Why the zone was refused (the report form's), said with the field and tied to it. */
  error?: string;
}

export function ZonePicker({ zone, onZone, id = 'zone-input', error }: ZonePickerProps) {
  const box = useCombobox();
  const [query, setQuery] = useState('');
  // Made when the list opens, with the offsets in force then.
  const [list, setList] = useState<ZoneOption[]>([]);
  const { open } = box.state;
  const shown = open ? matchZones(list, query) : [];
  useEffect(prepareZoneList, []);
  /** Opens on `q`, the offsets read again if the list was closed; returns where the keys are. */
  const openAt = (q: string) => {
    const options = open ? list : withZone(zoneList(new Date()), zone);
    setList(options);
    setQuery(q);
    const inForce = options.findIndex((o) => o.zone === zone);
    const at = q || inForce < 0 ? 0 : inForce;
    box.show(at);
    return at;
  };
  const hint = `${id}-hint`;
  return (
    <div class="zone-picker">
      <label for={id}>Time zone</label>
      <Combobox
        id={id}
        box={box}
        value={open ? query : zone}
        // Typing replaces the zone's name shown (focused as Tab does, the text is selected).
        onFocus={(input) => input.select()}
        onClick={() => (open ? undefined : openAt(''))}
        onText={openAt}
        placeholder={zone}
        options={shown}
        optionKey={(o) => o.zone}
        option={(o) => (
          <>
            <span class="zone-offset">{o.offsetText}</span>
            <span class="zone-city">
              {o.city}
              {o.yours ? ' (yours)' : ''}
            </span>
            <span class="zone-more">{o.more || o.zone}</span>
          </>
        )}
        onPick={(o) => {
          setQuery('');
          if (o.zone !== zone) onZone(o.zone);
        }}
        opensAt={() => openAt('')}
        listLabel="Time zones"
        status={open && query ? `${shown.length} ${shown.length === 1 ? 'time zone' : 'time zones'} found` : ''}
        describedBy={error ? `${hint} ${id}-error` : hint}
        invalid={Boolean(error)}
      >
        {open && shown.length === 0 ? <p class="combobox-none">No time zone matches “{query}”.</p> : null}
      </Combobox>
      <span id={hint} class="visually-hidden">
        Type a city, a zone or an offset such as +1, then choose with the arrow keys and Enter.
      </span>
      <FieldError id={id} error={error} />
    </div>
  );
}

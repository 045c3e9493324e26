/** The overview's window: date presets, a custom range, the time zone and the bucket size. */
import { useState } from 'preact/hooks';
import { daysBetween, HOUR_MAX_DAYS, INTERVALS, type Interval, MAX_DAYS, PRESETS, type Preset, type Window } from './dates';
import './view-controls.css';
import { ZonePicker } from './zone-picker';

const INTERVAL_LABEL: Record<Interval, string> = { hour: 'Hour', day: 'Day', week: 'Week (from Monday)', month: 'Month' };

interface Props {
  range: Preset;
  window: Window;
  zone: string;
  interval: Interval;
  onRange: (range: Preset, custom?: { from: string; to: string }) => void;
  onZone: (zone: string) => void;
  onInterval: (interval: Interval) => void;
}

function CustomRange({ window, onApply }: { window: Window; onApply: (from: string, to: string) => void }) {
  const [error, setError] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    const d = new FormData(e.currentTarget as HTMLFormElement);
    const from = String(d.get('from'));
    const to = String(d.get('to'));
    if (from > to) return setError('The first day must not be after the last.');
    if (daysBetween(from, to) + 1 > MAX_DAYS) return setError(`At most ${MAX_DAYS} days.`);
    setError('');
    onApply(from, to);
  };
  return (
    <form class="custom-range" onSubmit={submit} aria-label="Custom range">
      <label>
        From
        <input type="date" name="from" defaultValue={window.from.slice(0, 10)} required aria-describedby={error ? 'range-error' : undefined} />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={window.to.slice(0, 10)} required />
      </label>
      <button type="submit">Apply</button>
      {error ? (
        <p id="range-error" class="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function ViewControls({ range, window, zone, interval, onRange, onZone, onInterval }: Props) {
  const [custom, setCustom] = useState(range === 'custom');
  return (
    <div class="view-controls">
      <fieldset class="presets">
        <legend class="visually-hidden">Period</legend>
        {PRESETS.map(([id, long, short]) => (
          <button
            key={id}
            type="button"
            aria-pressed={range === id}
            title={long}
            onClick={() => {
              setCustom(false);
              onRange(id);
            }}
          >
            {short}
          </button>
        ))}
        {/* Pressed is the window in force, so one button only: opening Custom shows its form (expanded)
            and the preset stays pressed until custom dates are applied. */}
        <button type="button" aria-pressed={range === 'custom'} aria-expanded={custom} onClick={() => setCustom(!custom)}>
          Custom
        </button>
      </fieldset>
      {custom ? <CustomRange window={window} onApply={(from, to) => onRange('custom', { from, to })} /> : null}
      <ZonePicker zone={zone} onZone={onZone} />
      <label>
        Interval
        <select value={interval} onChange={(e) => onInterval((e.target as HTMLSelectElement).value as Interval)}>
          {INTERVALS.map((i) => (
            <option key={i} value={i} disabled={i === 'hour' && window.days > HOUR_MAX_DAYS}>
              {INTERVAL_LABEL[i]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

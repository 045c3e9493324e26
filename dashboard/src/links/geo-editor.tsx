import type { ApiError } from '../api/errors';
import { Icon } from '../ui/icons';
import { COUNTRIES } from './countries';

export interface GeoRow {
  country: string;
  url: string;
}

/** Country -> URL rows; a country appears once (the picker leaves out those already chosen). */
export function GeoEditor({ rows, onChange, error }: { rows: GeoRow[]; onChange: (rows: GeoRow[]) => void; error?: ApiError }) {
  const set = (i: number, patch: Partial<GeoRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const taken = new Set(rows.map((r) => r.country));
  const add = () => onChange([...rows, { country: COUNTRIES.find((c) => !taken.has(c.code))?.code ?? '', url: '' }]);
  return (
    <fieldset class="geo">
      <legend>Geo-targeting</legend>
      <p class="muted">Visitors from these countries go to their own URL; everyone else to the destination.</p>
      {rows.map((r, i) => {
        const rowError = error?.fields[`geo_targeting.${r.country}`];
        return (
          <div class={rowError ? 'geo-row invalid' : 'geo-row'} key={i}>
            <label>
              <span class="visually-hidden">Country of row {i + 1}</span>
              <select value={r.country} onChange={(e) => set(i, { country: e.currentTarget.value })} aria-label={`Country of row ${i + 1}`}>
                {COUNTRIES.filter((c) => c.code === r.country || !taken.has(c.code)).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </select>
            </label>
            <label class="grow">
              <span class="visually-hidden">URL for {r.country}</span>
              <input
                type="url"
                required
                placeholder="https://example.com/for-this-country"
                value={r.url}
                onInput={(e) => set(i, { url: e.currentTarget.value })}
                aria-invalid={rowError ? 'true' : undefined}
                aria-label={`URL for ${r.country}`}
              />
            </label>
            <button type="button" class="small" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove ${r.country}`}>
              <Icon name="trash" />
            </button>
            {rowError ? (
              <small class="field-error" role="alert">
                {rowError}
              </small>
            ) : null}
          </div>
        );
      })}
      {error?.field('geo_targeting') && !rows.some((r) => error.fields[`geo_targeting.${r.country}`]) ? (
        <small class="field-error" role="alert">
          {error.field('geo_targeting')}
        </small>
      ) : null}
      <button type="button" class="small" onClick={add} disabled={rows.length >= 250}>
        <Icon name="plus" /> Add a country
      </button>
    </fieldset>
  );
}

export function toRows(map: Record<string, string>): GeoRow[] {
  return Object.entries(map).map(([country, url]) => ({ country, url }));
}

export function toMap(rows: GeoRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.country).map((r) => [r.country, r.url.trim()]));
}

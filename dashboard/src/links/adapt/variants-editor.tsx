import type { ApiError } from '../../api/errors';
import { Icon } from '../../ui/icons';
import { clicksLabel, type VariantClicks } from './variant-clicks';

export interface VariantRow {
  url: string;
  weight: string;
}

/** The weights' sum as typed (what is not a number counts 0). */
export const weightSum = (rows: readonly VariantRow[]) => rows.reduce((n, r) => n + (Number.parseInt(r.weight, 10) || 0), 0);

/** Variants that cannot be sent: 1 row, or weights not summing to 100 (the form says so before asking the API). */
export function variantsProblem(rows: readonly VariantRow[]): string | null {
  if (rows.length === 0) return null;
  if (rows.length < 2) return 'An A/B test needs at least 2 variants.';
  const sum = weightSum(rows);
  return sum === 100 ? null : `The weights sum to ${sum}; they must sum to 100.`;
}

/**
 * A/B variants: URLs with whole-number weights that must sum to 100. A visitor draws one by weight
 * and keeps it (a cookie). A saved link's rows show each variant's clicks so far (by URL, so a row
 * whose URL was just typed shows none).
 */
export function VariantsEditor({
  rows,
  onChange,
  error,
  clicks,
}: {
  rows: VariantRow[];
  onChange: (r: VariantRow[]) => void;
  error?: ApiError;
  clicks?: VariantClicks | null;
}) {
  const set = (i: number, patch: Partial<VariantRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const problem = variantsProblem(rows);
  const add = () => {
    const left = Math.max(0, 100 - weightSum(rows));
    onChange([...rows, { url: '', weight: String(rows.length === 0 ? 50 : left || 1) }]);
  };
  return (
    <fieldset class="group">
      <legend>A/B variants</legend>
      <p class="muted">
        Visitors not sent elsewhere by a rule, device or country draw a variant by weight and keep it on later visits. Empty: everyone gets the destination.
      </p>
      {rows.map((r, i) => (
        <div class={error?.field(`variants.${i}`) ? 'variant-row invalid' : 'variant-row'} key={i}>
          <label class="grow">
            <span class="visually-hidden">URL of variant {i + 1}</span>
            <input
              type="url"
              placeholder="https://example.com/variant"
              aria-label={`URL of variant ${i + 1}`}
              value={r.url}
              onInput={(e) => set(i, { url: e.currentTarget.value })}
            />
          </label>
          <label class="weight">
            <span class="visually-hidden">Weight of variant {i + 1}</span>
            <input
              type="number"
              min={1}
              max={100}
              aria-label={`Weight of variant ${i + 1}`}
              value={r.weight}
              onInput={(e) => set(i, { weight: e.currentTarget.value })}
            />
            <span aria-hidden="true">%</span>
          </label>
          <button type="button" class="small" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove variant ${i + 1}`}>
            <Icon name="trash" />
          </button>
          {clicks ? (
            <small class="muted variant-clicks" data-testid={`variant-clicks-${i + 1}`}>
              {clicksLabel(clicks.byUrl.get(r.url.trim()) ?? 0, clicks.total)}
            </small>
          ) : null}
          {error?.field(`variants.${i}`) ? (
            <small class="field-error" role="alert">
              {error.field(`variants.${i}`)}
            </small>
          ) : null}
        </div>
      ))}
      {rows.length > 0 ? (
        <p role="status" class={problem ? 'field-error' : 'muted'}>
          {problem ?? `Weights sum to ${weightSum(rows)} %.`}
        </p>
      ) : null}
      {error?.fields.variants ? (
        <small class="field-error" role="alert">
          {error.fields.variants}
        </small>
      ) : null}
      <button type="button" class="small" onClick={add} disabled={rows.length >= 10}>
        <Icon name="plus" /> Add a variant
      </button>
    </fieldset>
  );
}

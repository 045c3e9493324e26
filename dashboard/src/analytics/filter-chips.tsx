/** The view's filters as chips: each says what it keeps, switches between "is" and "is not", and can be removed. */
import { FIELD_LABEL, FILTER_FIELDS, type FilterField } from './dimensions';
import { useLinkNames } from './link-names';
import { referrerChip } from './source-picks';
import { valueLabel } from './value-labels';
import type { Filters } from './view-state';

interface Props {
  filters: Filters;
  /** Referrer sources picked whole: the referrer chip names them. */
  sources?: string[];
  onInvert: (field: FilterField) => void;
  onRemove: (field: FilterField) => void;
  onClear: () => void;
}

export function FilterChips({ filters, sources, onInvert, onRemove, onClear }: Props) {
  useLinkNames(filters.link_id?.values ?? []);
  const fields = FILTER_FIELDS.filter((f) => filters[f]);
  if (fields.length === 0) return null;
  return (
    <ul class="chips" aria-label="Filters">
      {fields.map((field) => {
        const f = filters[field]!;
        const named = field === 'referrer' ? referrerChip(f.values, sources) : { field: FIELD_LABEL[field], values: f.values.map((v) => valueLabel(field, v)) };
        const values = named.values.join(f.exclude ? ' nor ' : ' or ');
        const says = `${named.field} ${f.exclude ? 'is not' : 'is'} ${values}`;
        return (
          <li key={field} class={f.exclude ? 'chip excluded' : 'chip'}>
            <span class="chip-field">{named.field}</span>
            <button type="button" class="chip-op" aria-label={`${says}: switch to ${f.exclude ? 'is' : 'is not'}`} onClick={() => onInvert(field)}>
              {f.exclude ? 'is not' : 'is'}
            </button>
            <span class="chip-values">{values}</span>
            <button type="button" class="chip-x" aria-label={`Remove the filter ${says}`} title="Remove this filter" onClick={() => onRemove(field)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
      {fields.length > 1 ? (
        <li>
          <button type="button" class="link-button" onClick={onClear}>
            Clear all filters
          </button>
        </li>
      ) : null}
    </ul>
  );
}

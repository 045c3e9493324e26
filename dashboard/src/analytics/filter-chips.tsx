/** The view's filters as chips: each says what it keeps, switches between "is" and "is not", and can be removed. */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { chipAfterRemoval, focusAfterRemoval } from './chip-focus';
import { FIELD_LABEL, FILTER_FIELDS, type FilterField } from './dimensions';
import { linkChipName } from './link-labels';
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
  /** A shared page: link chips are named by the page's answers only (it has no session to read a link with). */
  shared?: boolean;
}

/** A chip's field and values as shown; a link's also as said (its title with its short URL). */
function chipNames(field: FilterField, values: string[], sources?: string[]): { field: string; values: string[]; said?: string[] } {
  if (field === 'referrer') return referrerChip(values, sources);
  if (field !== 'link_id') return { field: FIELD_LABEL[field], values: values.map((v) => valueLabel(field, v)) };
  const names = values.map(linkChipName);
  return { field: FIELD_LABEL[field], values: names.map((n) => n.shown), said: names.map((n) => n.said) };
}

export function FilterChips({ filters, sources, onInvert, onRemove, onClear, shared }: Props) {
  useLinkNames(filters.link_id?.values ?? [], !shared);
  const fields = FILTER_FIELDS.filter((f) => filters[f]);
  const list = useRef<HTMLUListElement>(null);
  // A removal asked by a chip's button: once the view no longer holds those fields, focus moves on.
  const removing = useRef<{ gone: FilterField[]; next: FilterField | null } | null>(null);
  useLayoutEffect(() => {
    const r = removing.current;
    if (!r || r.gone.some((f) => fields.includes(f))) return;
    removing.current = null;
    focusAfterRemoval(list.current, r.next);
  });
  const remove = (field: FilterField) => {
    removing.current = { gone: [field], next: chipAfterRemoval(fields, field) };
    onRemove(field);
  };
  const clear = () => {
    removing.current = { gone: fields, next: null };
    onClear();
  };
  if (fields.length === 0) return null;
  return (
    <ul class="chips" aria-label="Filters" ref={list}>
      {fields.map((field) => {
        const f = filters[field]!;
        const named = chipNames(field, f.values, sources);
        const sep = f.exclude ? ' nor ' : ' or ';
        const values = named.values.join(sep);
        const said = (named.said ?? named.values).join(sep);
        const says = `${named.field} ${f.exclude ? 'is not' : 'is'} ${said}`;
        return (
          <li key={field} class={f.exclude ? 'chip excluded' : 'chip'} data-field={field}>
            <span class="chip-field">{named.field}</span>
            <button type="button" class="chip-op" aria-label={`${says}: switch to ${f.exclude ? 'is' : 'is not'}`} onClick={() => onInvert(field)}>
              {f.exclude ? 'is not' : 'is'}
            </button>
            <span class="chip-values" title={said === values ? undefined : said}>
              {values}
            </span>
            <button type="button" class="chip-x" aria-label={`Remove the filter ${says}`} title="Remove this filter" onClick={() => remove(field)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
      {fields.length > 1 ? (
        <li>
          <button type="button" class="link-button" onClick={clear}>
            Clear all filters
          </button>
        </li>
      ) : null}
    </ul>
  );
}

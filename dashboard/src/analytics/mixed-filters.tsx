/**
 * Filters of the address that both keep and leave out values (view-state.ts `mixed`): the API refuses
 * them, so instead of a chip and a silent zero the view says what is wrong and offers to remove each.
 */
import { FIELD_LABEL, FILTER_FIELDS, type FilterField } from './dimensions';

export function MixedFilters({ mixed, onRemove }: { mixed: Partial<Record<FilterField, string[]>>; onRemove: (field: FilterField) => void }) {
  const fields = FILTER_FIELDS.filter((f) => mixed[f]);
  if (fields.length === 0) return null;
  return (
    <div class="state empty" role="alert">
      {fields.map((field) => (
        <p key={field}>
          <strong>The {FIELD_LABEL[field]} filter in this address both keeps and leaves out values</strong> ({mixed[field]!.join(', ')}), which a filter cannot
          do: it shows one or the other (a value with ! before it is left out). Nothing is shown until it is removed.{' '}
          <button type="button" class="button small" onClick={() => onRemove(field)}>
            Remove the {FIELD_LABEL[field]} filter
          </button>
        </p>
      ))}
    </div>
  );
}

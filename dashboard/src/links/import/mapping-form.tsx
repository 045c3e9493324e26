import { type ColumnMapping, MAPPED_FIELDS, type MappedField } from './column-mapping';

/** "Other CSV": a select of the file's columns for each lsk field, the guess preselected. */
export function MappingForm({
  header,
  mapping,
  onChange,
  disabled,
}: {
  header: readonly string[];
  mapping: ColumnMapping;
  onChange: (m: ColumnMapping) => void;
  disabled: boolean;
}) {
  const set = (field: MappedField, value: string) => onChange({ ...mapping, [field]: value === '' ? null : Number(value) });
  return (
    <fieldset class="group">
      <legend>Columns</legend>
      <p class="muted">Which column of the file holds each field, guessed from the header's names. Destination is required.</p>
      <div class="two mapping">
        {MAPPED_FIELDS.map(({ field, label }) => (
          <div class="field" key={field}>
            <label for={`map-${field}`}>{label}</label>
            <select id={`map-${field}`} value={mapping[field] ?? ''} disabled={disabled} onChange={(e) => set(field, e.currentTarget.value)}>
              <option value="">{field === 'destination' ? '(choose a column)' : '(not imported)'}</option>
              {header.map((h, i) => (
                <option key={i} value={String(i)}>
                  {h || `column ${i + 1}`}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

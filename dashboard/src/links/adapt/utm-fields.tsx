import { UTM_KEYS, type UtmKey, withUtm } from '../../../../src/domain/utm-url';
import { gql } from '../../api/graphql';
import { InputField } from '../../ui/field';
import { useQuery } from '../../ui/use-query';
import type { GroupProps } from '../behaviour-fields';
import { UtmTemplatesQuery } from '../documents';

const LABELS: Record<UtmKey, string> = { source: 'Source', medium: 'Medium', campaign: 'Campaign', term: 'Term', content: 'Content' };

/** The filled-in UTM values of the form. */
function values(utm: Record<UtmKey, string>) {
  return Object.fromEntries(UTM_KEYS.filter((k) => utm[k].trim()).map((k) => [k, utm[k].trim()]));
}

/**
 * UTM values set on the target URL (utm_source, ...), a picker that fills them from a workspace
 * template, and the final URL as visitors will reach it (the service's own code, run here).
 */
export function UtmFields({ draft, set, error }: GroupProps) {
  const templates = useQuery(() => gql(UtmTemplatesQuery), []);
  const list = templates.data?.utmTemplates?.data ?? [];
  const apply = (id: string) => {
    const t = list.find((x) => x.id === id);
    if (t) set({ utm: Object.fromEntries(UTM_KEYS.map((k) => [k, t[k] ?? ''])) as Record<UtmKey, string> });
  };
  const put = (k: UtmKey, v: string) => set({ utm: { ...draft.utm, [k]: v } });
  const finalUrl = draft.destination.trim() ? withUtm(draft.destination.trim(), values(draft.utm)) : '';
  return (
    <fieldset class="group">
      <legend>UTM parameters</legend>
      <div class="field">
        <label for="utm-template">Apply a template</label>
        <select id="utm-template" value="" onChange={(e) => apply(e.currentTarget.value)} disabled={list.length === 0}>
          <option value="">{list.length === 0 ? 'No templates yet (Workspace → UTM templates)' : 'Choose a template…'}</option>
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div class="utm-grid">
        {UTM_KEYS.map((k) => (
          <InputField
            key={k}
            id={`utm-${k}`}
            label={`UTM ${LABELS[k].toLowerCase()}`}
            maxLength={100}
            error={error?.fields[`utm.${k}`]}
            value={draft.utm[k]}
            onValue={(v) => put(k, v)}
          />
        ))}
      </div>
      <div class="field">
        <span id="utm-final-label">Visitors reach</span>
        <output class="final-url" aria-labelledby="utm-final-label">
          {finalUrl || 'the destination URL with these parameters'}
        </output>
      </div>
    </fieldset>
  );
}

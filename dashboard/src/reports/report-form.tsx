import { useState } from 'preact/hooks';
import { ZonePicker } from '../analytics/zone-picker';
import { gql } from '../api/graphql';
import type { ReportFrequency } from '../gql/graphql';
import { Field, InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useMutation } from '../ui/use-query';
import { CreateReportMutation } from './documents';
import { LinkPicker } from './link-picker';
import './report-form.css';

type ScopeKind = 'workspace' | 'tag' | 'domain' | 'link_id';
const SCOPES: [ScopeKind, string][] = [
  ['workspace', 'Whole workspace'],
  ['tag', 'One tag'],
  ['domain', 'One domain'],
  ['link_id', 'One link'],
];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new report: frequency, zone, what it counts, and which members get it. */
export function ReportForm({ members, onCreated }: { members: { user_id: string; email: string }[]; onCreated: () => void }) {
  const [frequency, setFrequency] = useState<ReportFrequency>('weekly');
  const [timezone, setTimezone] = useState(browserZone);
  const [scope, setScope] = useState<ScopeKind>('workspace');
  const [value, setValue] = useState('');
  const [to, setTo] = useState<string[]>([]);
  // Bumped by each report made: the link picker starts empty again.
  const [made, setMade] = useState(0);
  const save = useMutation(() =>
    gql(CreateReportMutation, { frequency, timezone, recipients: to, ...(scope === 'workspace' ? {} : { [scope]: value.trim() }) }),
  );
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await save.run()).ok) {
      setTo([]);
      setValue('');
      setMade(made + 1);
      onCreated();
    }
  };
  const toggle = (id: string, on: boolean) => setTo(on ? [...to, id] : to.filter((x) => x !== id));
  const recipientsError = save.error?.field('recipients');
  const zoneError = save.error?.field('timezone');
  return (
    <form class="card form" onSubmit={submit} noValidate aria-label="New report">
      <Field id="rpt-frequency" label="Frequency" hint="Weekly: Monday 08:00 for the week before. Monthly: the 1st 08:00 for the month before.">
        <select
          id="rpt-frequency"
          aria-describedby="rpt-frequency-hint"
          value={frequency}
          onChange={(e) => setFrequency(e.currentTarget.value as ReportFrequency)}
        >
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </select>
      </Field>
      {/* The overview's zone picker (docs/adr/0237): a zone is chosen from the list, not typed whole. */}
      <div class={zoneError ? 'field invalid report-zone' : 'field report-zone'}>
        <ZonePicker id="rpt-timezone" zone={timezone} onZone={setTimezone} error={zoneError} />
      </div>
      <Field id="rpt-scope" label="Counts">
        <select
          id="rpt-scope"
          value={scope}
          onChange={(e) => {
            setScope(e.currentTarget.value as ScopeKind);
            setValue('');
          }}
        >
          {SCOPES.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {scope === 'link_id' ? (
        <LinkPicker key={made} id="rpt-scope-link" label="Link" error={save.error?.field('link_id')} onPick={(l) => setValue(l?.id ?? '')} />
      ) : null}
      {scope === 'workspace' || scope === 'link_id' ? null : (
        <InputField
          id="rpt-scope-value"
          label={SCOPES.find(([k]) => k === scope)![1]}
          required
          error={save.error?.field(scope)}
          value={value}
          onValue={setValue}
        />
      )}
      <fieldset class="field">
        <legend>Recipients (members)</legend>
        {members.map((m) => (
          <label key={m.user_id} class="check">
            <input type="checkbox" checked={to.includes(m.user_id)} onChange={(e) => toggle(m.user_id, e.currentTarget.checked)} /> {m.email}
          </label>
        ))}
        {recipientsError ? (
          <small class="field-error" role="alert">
            {recipientsError}
          </small>
        ) : null}
      </fieldset>
      {save.error && Object.keys(save.error.fields).length === 0 ? <ErrorBox error={save.error} /> : null}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={save.pending}>
          Add report
        </button>
      </div>
    </form>
  );
}

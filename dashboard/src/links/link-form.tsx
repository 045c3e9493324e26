import { useState } from 'preact/hooks';
import type { ApiError } from '../api/errors';
import { gql } from '../api/graphql';
import type { LinkFieldsFragment } from '../gql/graphql';
import { describedBy, Field, InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { ExpiryAndLimits, TitleAndIds } from './behaviour-fields';
import { DeviceEditor } from './device-editor';
import { LinkFiltersQuery } from './documents';
import { GeoEditor } from './geo-editor';
import { changes, creation, draftOf, type LinkDraft, type LinkInput } from './link-draft';
import { PasswordFields } from './password-fields';

const HINTS = {
  destination: 'An absolute http(s) URL.',
  domain: 'Empty: the service default domain. Others must be added under Domains first.',
  alias: 'Letters, digits, - _ . ~ and inner /. Empty: 7 random characters.',
  tags: 'Separated by commas; at most 25.',
};

/**
 * Every field the schema has, each with the API's error for it next to it. A new link sends what
 * is filled in; an edit sends only what changed (a field emptied goes as null, which clears it).
 */
export function LinkForm({
  link,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  link?: LinkFieldsFragment;
  submitLabel: string;
  pending: boolean;
  error?: ApiError;
  onSubmit: (input: LinkInput) => void;
}) {
  const [start] = useState(() => draftOf(link));
  const [draft, setDraft] = useState<LinkDraft>(start);
  const set = (patch: Partial<LinkDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const choices = useQuery(() => gql(LinkFiltersQuery), []);
  const err = (f: keyof typeof HINTS) => error?.field(f);
  const submit = (e: Event) => {
    e.preventDefault();
    onSubmit(link ? changes(start, draft) : creation(draft));
  };
  const group = { draft, set, error };
  const shownElsewhere = error && Object.keys(error.fields).length > 0;
  return (
    <form class="card form" onSubmit={submit} noValidate>
      <InputField
        id="destination"
        label="Destination URL"
        hint={HINTS.destination}
        error={err('destination')}
        type="url"
        required
        value={draft.destination}
        onValue={(destination) => set({ destination })}
      />
      <div class="two">
        <Field id="domain" label="Domain" hint={HINTS.domain} error={err('domain')}>
          <input
            {...describedBy('domain', HINTS.domain, err('domain'))}
            list="domain-choices"
            value={draft.domain}
            onInput={(e) => set({ domain: e.currentTarget.value })}
          />
          <datalist id="domain-choices">
            {choices.data?.domains?.data.map((d) => (
              <option key={d.host} value={d.host} />
            ))}
          </datalist>
        </Field>
        <InputField id="alias" label="Alias" hint={HINTS.alias} error={err('alias')} value={draft.alias} onValue={(alias) => set({ alias })} />
      </div>
      <Field id="tags" label="Tags" hint={HINTS.tags} error={err('tags')}>
        <input {...describedBy('tags', HINTS.tags, err('tags'))} list="tag-choices" value={draft.tags} onInput={(e) => set({ tags: e.currentTarget.value })} />
        <datalist id="tag-choices">
          {choices.data?.tags?.data.map((t) => (
            <option key={t.name} value={t.name} />
          ))}
        </datalist>
      </Field>
      <TitleAndIds {...group} />
      <ExpiryAndLimits {...group} />
      <PasswordFields {...group} isProtected={link?.password_protected ?? false} />
      <DeviceEditor {...group} />
      <GeoEditor rows={draft.geo} onChange={(geo) => set({ geo })} error={error} />
      {error ? (
        shownElsewhere ? (
          <p class="field-error" role="alert">
            {error.message}
          </p>
        ) : (
          <ErrorBox error={error} />
        )
      ) : null}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

import { useState } from 'preact/hooks';
import type { ApiError } from '../api/errors';
import { gql } from '../api/graphql';
import type { LinkFieldsFragment } from '../gql/graphql';
import { describedBy, Field, InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { LinkFiltersQuery } from './documents';
import { GeoEditor, type GeoRow, toMap, toRows } from './geo-editor';

/** What the form sends: the createLink/updateLink arguments. */
export interface LinkInput {
  destination: string;
  domain: string | null;
  alias: string | null;
  geo_targeting: Record<string, string>;
  tags: string[];
}

const HINTS = {
  destination: 'An absolute http(s) URL.',
  domain: 'Empty: the service default domain. Others must be added under Domains first.',
  alias: 'Letters, digits, - _ . ~ and inner /. Empty: 7 random characters.',
  tags: 'Separated by commas; at most 25.',
};

/** Every field the schema has, each with the API's error for it next to it. */
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
  const [destination, setDestination] = useState(link?.destination ?? '');
  const [domain, setDomain] = useState(link?.domain ?? '');
  const [alias, setAlias] = useState(link?.alias ?? '');
  const [tags, setTags] = useState((link?.tags ?? []).join(', '));
  const [geo, setGeo] = useState<GeoRow[]>(toRows(link?.geo_targeting ?? {}));
  const choices = useQuery(() => gql(LinkFiltersQuery), []);
  const err = (f: keyof typeof HINTS) => error?.field(f);
  const submit = (e: Event) => {
    e.preventDefault();
    onSubmit({
      destination: destination.trim(),
      domain: domain.trim() || null,
      alias: alias.trim() || null,
      geo_targeting: toMap(geo),
      tags: tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    });
  };
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
        value={destination}
        onValue={setDestination}
      />
      <div class="two">
        <Field id="domain" label="Domain" hint={HINTS.domain} error={err('domain')}>
          <input
            {...describedBy('domain', HINTS.domain, err('domain'))}
            list="domain-choices"
            value={domain}
            onInput={(e) => setDomain(e.currentTarget.value)}
          />
          <datalist id="domain-choices">
            {choices.data?.domains?.data.map((d) => (
              <option key={d.host} value={d.host} />
            ))}
          </datalist>
        </Field>
        <InputField id="alias" label="Alias" hint={HINTS.alias} error={err('alias')} value={alias} onValue={setAlias} />
      </div>
      <Field id="tags" label="Tags" hint={HINTS.tags} error={err('tags')}>
        <input {...describedBy('tags', HINTS.tags, err('tags'))} list="tag-choices" value={tags} onInput={(e) => setTags(e.currentTarget.value)} />
        <datalist id="tag-choices">
          {choices.data?.tags?.data.map((t) => (
            <option key={t.name} value={t.name} />
          ))}
        </datalist>
      </Field>
      <GeoEditor rows={geo} onChange={setGeo} error={error} />
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

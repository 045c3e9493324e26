import { useState } from 'preact/hooks';
import type { ApiError } from '../api/errors';
import { gql } from '../api/graphql';
import type { LinkFieldsFragment } from '../gql/graphql';
import { describedBy, Field, InputField } from '../ui/field';
import { ErrorBox } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { PreviewEditor } from './adapt/preview-editor';
import { RulesEditor } from './adapt/rules-editor';
import { UtmFields } from './adapt/utm-fields';
import { useVariantClicks } from './adapt/variant-clicks';
import { VariantsEditor, variantsProblem } from './adapt/variants-editor';
import { ExpiryAndLimits, TitleAndIds } from './behaviour-fields';
import { DeviceEditor } from './device-editor';
import { LinkFiltersQuery } from './documents';
import { draftShortUrl } from './draft-short-url';
import { GeoEditor } from './geo-editor';
import { changes, creation, draftOf, type LinkDraft, type LinkInput } from './link-draft';
import { PasswordFields } from './password-fields';

const HINTS = {
  destination: 'An absolute http(s) URL; a bare host name gets https:// in front.',
  domain: 'The service default domain, or one of your workspace domains (add them under Domains).',
  alias: 'Letters, digits, - _ . ~ and inner /. Empty: 7 random characters.',
  tags: 'Separated by commas; at most 25.',
};

/** A destination typed without a scheme (`example.com/x`) gets https:// in front; anything else stays as typed. */
export function withScheme(v: string): string {
  const t = v.trim();
  return t && !/^[a-z][a-z0-9+.-]*:/i.test(t) && /^[^\s/]+\.[^\s/]+/.test(t) ? `https://${t}` : v;
}

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
  const variantClicks = useVariantClicks(link?.id, (link?.variants?.length ?? 0) > 0);
  // The alias the API judged: its error is stale once the alias changes.
  const [judgedAlias, setJudgedAlias] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const err = (f: keyof typeof HINTS) => (f === 'alias' && judgedAlias !== draft.alias ? undefined : error?.field(f));
  const submit = (e: Event) => {
    e.preventDefault();
    const problem = variantsProblem(draft.variants);
    setLocal(problem);
    if (problem) return;
    setJudgedAlias(draft.alias);
    onSubmit(link ? changes(start, draft) : creation(draft));
  };
  const domains = choices.data?.domains?.data.map((d) => d.host) ?? [];
  const defaultHost = choices.data?.domains?.default_host;
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
        onBlur={() => set({ destination: withScheme(draft.destination) })}
      />
      <div class="two">
        <Field id="domain" label="Domain" hint={HINTS.domain} error={err('domain')}>
          <select {...describedBy('domain', HINTS.domain, err('domain'))} value={draft.domain} onChange={(e) => set({ domain: e.currentTarget.value })}>
            <option value="">{defaultHost ? `Default domain (${defaultHost})` : 'Default domain'}</option>
            {[...new Set([...(draft.domain ? [draft.domain] : []), ...domains])].map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
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
      <RulesEditor rules={draft.rules} onChange={(rules) => set({ rules })} error={error} />
      <DeviceEditor {...group} />
      <GeoEditor rows={draft.geo} onChange={(geo) => set({ geo })} error={error} />
      <VariantsEditor rows={draft.variants} onChange={(variants) => set({ variants })} error={error} clicks={variantClicks.data} />
      <UtmFields {...group} />
      <PreviewEditor {...group} shortUrl={draftShortUrl(draft, defaultHost)} />
      {local ? (
        <p class="field-error" role="alert">
          {local}
        </p>
      ) : null}
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

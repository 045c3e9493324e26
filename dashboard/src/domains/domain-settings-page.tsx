import { useState } from 'preact/hooks';
import { ApiError } from '../api/errors';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { graphql } from '../gql';
import type { DashboardUpdateDomainMutationVariables, DomainSettingsFieldsFragment } from '../gql/graphql';
import { href, type Params } from '../router';
import { Field, InputField } from '../ui/field';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';

export const DomainSettingsFields = graphql(`
  fragment DomainSettingsFields on Domain {
    host
    root_url
    not_found_url
    expired_url
    crawlable
    apple_app_site_association
    assetlinks
  }
`);

const DomainSettingsQuery = graphql(`
  query DashboardDomainSettings {
    domains {
      data {
        ...DomainSettingsFields
      }
    }
  }
`);

const UpdateDomainMutation = graphql(`
  mutation DashboardUpdateDomain(
    $domain: String!, $root_url: String, $not_found_url: String, $expired_url: String, $crawlable: Boolean,
    $apple_app_site_association: AppSiteAssociation, $assetlinks: AssetLinks
  ) {
    updateDomain(
      domain: $domain, root_url: $root_url, not_found_url: $not_found_url, expired_url: $expired_url, crawlable: $crawlable,
      apple_app_site_association: $apple_app_site_association, assetlinks: $assetlinks
    ) {
      ...DomainSettingsFields
    }
  }
`);

const HINTS = {
  root_url: 'Where https://host/ goes. Empty: the service default.',
  not_found_url: 'Where unknown short links go. Empty: a "not found" page.',
  expired_url: 'Where expired or used-up links of this domain go when they name no URL of their own. Empty: 410 Gone.',
  aasa: 'JSON object served at /.well-known/apple-app-site-association (iOS universal links). Empty: none.',
  assetlinks: 'JSON array served at /.well-known/assetlinks.json (Android app links). Empty: none.',
};

const json = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 2));

/** A JSON text field's value for the API: empty is null; what does not parse is a field error here. */
function parsed(text: string, field: string, problems: Record<string, string>): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    problems[field] = 'is not valid JSON';
    return undefined;
  }
}

function SettingsForm({ d }: { d: DomainSettingsFieldsFragment }) {
  const [v, setV] = useState({
    root_url: d.root_url ?? '',
    not_found_url: d.not_found_url ?? '',
    expired_url: d.expired_url ?? '',
    crawlable: d.crawlable,
    aasa: json(d.apple_app_site_association),
    assetlinks: json(d.assetlinks),
  });
  const [saved, setSaved] = useState(false);
  const [local, setLocal] = useState<ApiError | undefined>();
  const m = useMutation((vars: DashboardUpdateDomainMutationVariables) => gql(UpdateDomainMutation, vars));
  const set = (patch: Partial<typeof v>) => {
    setSaved(false);
    setV((x) => ({ ...x, ...patch }));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const aasa = parsed(v.aasa, 'apple_app_site_association', problems);
    const assetlinks = parsed(v.assetlinks, 'assetlinks', problems);
    setLocal(Object.keys(problems).length ? new ApiError('validation_failed', 'Fix the JSON fields first.', problems) : undefined);
    if (Object.keys(problems).length) return;
    const text = (s: string) => s.trim() || null;
    const vars = {
      domain: d.host,
      root_url: text(v.root_url),
      not_found_url: text(v.not_found_url),
      expired_url: text(v.expired_url),
      crawlable: v.crawlable,
      apple_app_site_association: aasa as Record<string, unknown> | null,
      assetlinks: assetlinks as unknown[] | null,
    };
    setSaved((await m.run(vars)).ok);
  };
  const error = local ?? m.error;
  return (
    <form class="card form" onSubmit={submit} noValidate>
      <InputField
        id="root_url"
        label="Root URL"
        type="url"
        hint={HINTS.root_url}
        error={error?.field('root_url')}
        value={v.root_url}
        onValue={(root_url) => set({ root_url })}
      />
      <InputField
        id="not_found_url"
        label="Not-found URL"
        type="url"
        hint={HINTS.not_found_url}
        error={error?.field('not_found_url')}
        value={v.not_found_url}
        onValue={(not_found_url) => set({ not_found_url })}
      />
      <InputField
        id="expired_url"
        label="Expired-link URL"
        type="url"
        hint={HINTS.expired_url}
        error={error?.field('expired_url')}
        value={v.expired_url}
        onValue={(expired_url) => set({ expired_url })}
      />
      <label class="check">
        <input type="checkbox" checked={v.crawlable} onChange={(e) => set({ crawlable: e.currentTarget.checked })} /> Let search engines index this domain
        (robots.txt allows crawling; redirects carry no X-Robots-Tag: noindex)
      </label>
      {(['aasa', 'assetlinks'] as const).map((k) => {
        const field = k === 'aasa' ? 'apple_app_site_association' : 'assetlinks';
        return (
          <Field key={k} id={k} label={k === 'aasa' ? 'Apple app site association' : 'Android asset links'} hint={HINTS[k]} error={error?.field(field)}>
            <textarea id={k} rows={5} spellcheck={false} value={v[k]} onInput={(e) => set({ [k]: e.currentTarget.value })} />
          </Field>
        );
      })}
      {m.error && Object.keys(m.error.fields).length === 0 ? <ErrorBox error={m.error} /> : null}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={m.pending}>
          {m.pending ? 'Saving…' : 'Save settings'}
        </button>
        {saved ? <span role="status">Saved.</span> : null}
      </div>
    </form>
  );
}

/** One custom domain's settings. */
export function DomainSettingsPage({ host = '' }: Params) {
  const can = useCan();
  const q = useQuery(() => gql(DomainSettingsQuery).then((d) => present(d.domains, 'domain list')), []);
  return (
    <section>
      <p class="crumbs">
        <a href={href('/domains')}>Domains</a> /
      </p>
      <h1>{host}</h1>
      <Loaded q={q}>
        {(d) => {
          const domain = d.data.find((x) => x.host === host);
          if (!domain) return <p>This workspace has no domain {host}.</p>;
          return can.admin ? <SettingsForm d={domain} /> : <p>Your role can read domains but not change their settings.</p>;
        }}
      </Loaded>
    </section>
  );
}

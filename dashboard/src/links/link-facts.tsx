import type { LinkFieldsFragment } from '../gql/graphql';
import { instantText } from '../ui/when';
import { countryName } from './countries';
import { HealthFact } from './health-badge';
import { RuleFacts, UtmFacts, VariantFacts } from './link-adapt-facts';
import { StatusBadge } from './status-badge';

const none = <span class="muted">none</span>;

const when = (iso: string) => <time dateTime={iso}>{instantText(iso)}</time>;

function Targets({ map, name }: { map: Record<string, string | undefined>; name: (key: string) => string }) {
  const rows = Object.entries(map).filter((e): e is [string, string] => Boolean(e[1]));
  if (!rows.length) return none;
  return (
    <ul class="plain">
      {rows.map(([k, u]) => (
        <li key={k} class="break">
          {name(k)} → {u}
        </li>
      ))}
    </ul>
  );
}

const DEVICE_NAMES: Record<string, string> = { ios: 'iOS', android: 'Android' };

/** What the link is and does: every field the API returns about it. */
export function LinkFacts({ l }: { l: LinkFieldsFragment }) {
  return (
    <dl class="facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={l.status} />
      </dd>
      <dt>Destination health</dt>
      <dd>
        <HealthFact health={l.destination_health} />
      </dd>
      <dt>Title</dt>
      <dd>{l.title ?? none}</dd>
      <dt>Destination</dt>
      <dd class="break">
        <a href={l.destination} rel="noreferrer noopener" target="_blank">
          {l.destination}
        </a>
      </dd>
      <UtmFacts l={l} />
      <dt>Tags</dt>
      <dd>{l.tags.length ? l.tags.join(', ') : none}</dd>
      <dt>Expires</dt>
      <dd>{l.expires_at ? when(l.expires_at) : <span class="muted">never</span>}</dd>
      <dt>URL after expiry</dt>
      <dd class="break">{l.expired_url ?? <span class="muted">none (410 Gone)</span>}</dd>
      <dt>Clicks used</dt>
      <dd>{l.max_clicks === null || l.max_clicks === undefined ? `${l.clicks} (no maximum)` : `${l.clicks} of ${l.max_clicks}`}</dd>
      <dt>Password protected</dt>
      <dd>{l.password_protected ? 'Yes' : 'No'}</dd>
      <RuleFacts l={l} />
      <dt>Device targeting</dt>
      <dd>
        <Targets map={l.device_targeting} name={(d) => DEVICE_NAMES[d] ?? d} />
      </dd>
      <dt>Geo-targeting</dt>
      <dd>
        <Targets map={l.geo_targeting} name={(c) => `${countryName(c)} (${c})`} />
      </dd>
      <VariantFacts l={l} />
      <dt>Created</dt>
      <dd>{when(l.created_at)}</dd>
      <dt>Id</dt>
      <dd>
        <code>{l.id}</code>
      </dd>
      <dt>External id</dt>
      <dd>{l.external_id ? <code>{l.external_id}</code> : none}</dd>
    </dl>
  );
}

/**
 * The facts of a link's page about what adapts its redirect (docs/links-that-adapt.md): its UTM
 * values and the URL visitors reach with them, its rules, A/B variants and share card. Each is a
 * `<dt>`/`<dd>` pair of the details list, in the order the redirect applies them.
 */
import { UTM_KEYS, withUtm } from '../../../src/domain/utm-url';
import type { LinkFieldsFragment } from '../gql/graphql';

type Link = LinkFieldsFragment;

const none = <span class="muted">none</span>;

/** The URL a visitor reaches when no rule, device, country or variant sends them elsewhere. */
export function reachedUrl(l: Pick<Link, 'destination' | 'utm'>): string {
  return withUtm(l.destination, l.utm ?? null);
}

/** One condition as people read it: `country DE, AT`, `query ref=partner`. */
function condition(key: string, value: unknown): string {
  if (Array.isArray(value)) return `${key} ${value.join(', ')}`;
  if (typeof value === 'object' && value !== null)
    return `${key} ${Object.entries(value)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('&')}`;
  return `${key} ${String(value)}`;
}

export function UtmFacts({ l }: { l: Link }) {
  const set = UTM_KEYS.filter((k) => l.utm?.[k] !== undefined);
  return (
    <>
      {set.length ? (
        <>
          <dt>Visitors reach</dt>
          <dd class="break">{reachedUrl(l)}</dd>
        </>
      ) : null}
      <dt>UTM parameters</dt>
      <dd class="break">
        {set.length ? (
          <>
            {set.map((k) => `utm_${k}=${l.utm![k]}`).join(' · ')} <span class="muted">(on every target URL)</span>
          </>
        ) : (
          none
        )}
      </dd>
    </>
  );
}

export function RuleFacts({ l }: { l: Link }) {
  return (
    <>
      <dt>Redirect rules</dt>
      <dd>
        {l.rules?.length ? (
          <ol class="plain">
            {l.rules.map((r, i) => (
              <li key={i} class="break">
                {i + 1}.{' '}
                {Object.entries(r.if)
                  .map(([k, v]) => condition(k, v))
                  .join(' and ')}{' '}
                → {r.to}
              </li>
            ))}
          </ol>
        ) : (
          none
        )}
      </dd>
    </>
  );
}

export function VariantFacts({ l }: { l: Link }) {
  const sum = (l.variants ?? []).reduce((s, v) => s + v.weight, 0);
  return (
    <>
      <dt>A/B variants</dt>
      <dd>
        {l.variants?.length ? (
          <ul class="plain">
            {l.variants.map((v) => (
              <li key={v.url} class="break">
                {v.url} <span class="muted">({sum ? Math.round((v.weight / sum) * 100) : 0} %)</span>
              </li>
            ))}
          </ul>
        ) : (
          none
        )}
      </dd>
      <dt>Social preview</dt>
      <dd class="break">{l.preview?.title || l.preview?.description ? [l.preview.title, l.preview.description].filter(Boolean).join(' · ') : none}</dd>
    </>
  );
}

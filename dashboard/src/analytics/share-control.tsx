/**
 * The overview's Share control (docs/adr/0215): make a public, read-only page of what is shown (the
 * link, a view of one tag or one domain, or the workspace), copy its URL (shown this once: the
 * service keeps the token hashed), and list and revoke the workspace's shares.
 */
import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { useLocation } from '../router';
import { ShownOnce } from '../ui/shown-once';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { localZone } from './labels';
import { linkChipName } from './link-labels';
import { useLinkNames } from './link-names';
import { AnalyticsSharesQuery, CreateAnalyticsShareMutation, DeleteAnalyticsShareMutation } from './share-documents';
import { EXPIRIES, sharedViewUrl, shareScope, shareTarget } from './share-target';
import './share.css';
import { parseView } from './view-state';

const shownName = (id: string) => linkChipName(id).shown;

export function ShareControl({ linkId }: { linkId?: string }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can.writeLinks) return null;
  return (
    <div class="share-control">
      <button type="button" class="button small" aria-expanded={open} aria-controls="share-panel" onClick={() => setOpen(!open)}>
        Share
      </button>
      {open ? <SharePanel linkId={linkId} /> : null}
    </div>
  );
}

function SharePanel({ linkId }: { linkId?: string }) {
  const { search } = useLocation();
  const view = parseView(search);
  const target = shareTarget(linkId, view.filters, shownName);
  const [days, setDays] = useState<number | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const list = useQuery(() => gql(AnalyticsSharesQuery).then((d) => present(d.analyticsShares, 'shares')), []);
  // Listed link shares read as their links' titles (asked for once each, as a chip's are).
  useLinkNames((list.data?.data ?? []).flatMap((s) => (s.link_id && s.link_id !== linkId ? [s.link_id] : [])));
  const create = useMutation(async () => {
    const expires_at = days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString();
    const { what: _what, ...scope } = target;
    return gql(CreateAnalyticsShareMutation, { ...scope, expires_at });
  });
  const revoke = useMutation((id: string) => gql(DeleteAnalyticsShareMutation, { id }));
  const make = async () => {
    const r = await create.run();
    if (!r.ok) return;
    const url = r.value.createAnalyticsShare?.url;
    // The page opens on this view (period, zone, filters, comparison): the recipient sees what was shared.
    setMade(url ? sharedViewUrl(url, view, target, view.tz ?? localZone()) : null);
    list.reload();
  };
  return (
    <section id="share-panel" class="card share-panel" aria-labelledby="share-h">
      <h2 id="share-h">Share these analytics</h2>
      <p>
        Anyone with the public link sees the numbers of <strong>{target.what}</strong>, read-only and without signing in: totals, charts and breakdowns, never
        visit-by-visit clicks. It opens on the view shown here (period, time zone, filters, comparison); they can change it within {target.what}.
      </p>
      <div class="share-make">
        <label>
          Expires{' '}
          <select value={String(days)} onChange={(e) => setDays(e.currentTarget.value === 'null' ? null : Number(e.currentTarget.value))}>
            {EXPIRIES.map((x) => (
              <option key={x.label} value={String(x.days)}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="primary small" disabled={create.pending} onClick={make}>
          Create public link
        </button>
      </div>
      {create.error ? <ErrorBox error={create.error} /> : null}
      {made ? (
        <ShownOnce
          value={made}
          message="The public link, shown this once: copy it now."
          copyLabel="Copy link"
          testId="share-url"
          onDone={() => setMade(null)}
        />
      ) : null}
      <h3>Public links of this workspace</h3>
      {revoke.error ? <ErrorBox error={revoke.error} /> : null}
      <Loaded q={list}>
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              <p>No public links yet.</p>
            </Empty>
          ) : (
            <ul class="rows" data-testid="shares">
              {d.data.map((s) => (
                <li class="row" key={s.id}>
                  <div class="grow">
                    <span class="strong">{shareScope(s, linkId, shownName)}</span>
                    <div class="line muted">
                      {s.expires_at ? `until ${s.expires_at.slice(0, 10)}` : 'until revoked'} · by {s.created_by.label} · {s.created_at.slice(0, 10)}
                    </div>
                  </div>
                  <button type="button" class="small danger" disabled={revoke.pending} onClick={async () => (await revoke.run(s.id)).ok && list.reload()}>
                    Revoke<span class="visually-hidden"> {shareScope(s, linkId, shownName)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

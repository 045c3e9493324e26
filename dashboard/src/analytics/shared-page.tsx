/**
 * The public page of a share (docs/adr/0215), /dashboard/share/<token>: no session, no navigation to
 * private pages; the overview read-only (every setting in the address, as on the Analytics page)
 * through sharedAnalytics. A token that is unknown, revoked or expired gets one clear page.
 */
import { Dotted } from '../ui/dotted';
import { ErrorBox, Loading } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { Overview } from './overview';
import './share.css';
import { readSharedWith, sharedRead } from './shared-source';

/** The token of a share's page path (/share/<token>), or null for any other path. */
export function sharePageToken(path: string): string | null {
  const m = /^\/share\/([0-9A-Za-z]{1,64})$/.exec(path);
  return m ? m[1]! : null;
}

const KIND: Record<string, string> = { link: 'Link', tag: 'Tag', domain: 'Domain', workspace: 'Workspace' };

export function SharedPage({ token }: { token: string }) {
  readSharedWith(token);
  // The smallest read: what the share covers, or that it is gone.
  const head = useQuery(() => sharedRead({ group_by: 'countries', limit: 1 }), [token]);
  if (head.loading && !head.data) {
    return (
      <main id="main" class="shared-page">
        <Loading label="Loading shared analytics…" />
      </main>
    );
  }
  if (head.error?.code === 'not_found') {
    document.title = 'Shared analytics not available · lsk';
    return (
      <main id="main" class="narrow" data-testid="share-dead">
        <h1>This shared page is not available</h1>
        <p>The link was revoked, has expired, or is not complete. Ask whoever sent it for a new one.</p>
      </main>
    );
  }
  if (head.error || !head.data) {
    return (
      <main id="main" class="narrow">
        {head.error ? <ErrorBox error={head.error} retry={head.reload} /> : null}
      </main>
    );
  }
  const s = head.data;
  document.title = `${s.label} · shared analytics · lsk`;
  return (
    <main id="main" class="shared-page">
      <header class="shared-head">
        <p class="muted">
          <Dotted
            items={[
              'Shared analytics',
              'read-only',
              KIND[s.kind] ?? s.kind,
              s.expires_at ? `available until ${s.expires_at.slice(0, 16).replace('T', ' ')} UTC` : null,
            ]}
          />
        </p>
        <h1>{s.label}</h1>
      </header>
      <Overview readOnly={{ oneLink: s.kind === 'link' }} />
    </main>
  );
}

import { Overview } from '../analytics/overview';
import { ShareControl } from '../analytics/share-control';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { Params } from '../router';
import { href } from '../router';
import { CopyButton } from '../ui/copy';
import { Loaded } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { LinkQuery } from './documents';
import { reachedUrl } from './link-adapt-facts';
import { LinkFacts } from './link-facts';
import { QrPanel } from './qr-panel';

/** A link: its clicks first (the analytics overview scoped to it), then its details and QR code. */
export function LinkDetailPage({ id = '' }: Params) {
  const can = useCan();
  const q = useQuery(() => gql(LinkQuery, { id }).then((d) => present(d.link, 'link')), [id]);
  return (
    <section>
      <p class="crumbs">
        <a href={href('/links')}>Links</a> /
      </p>
      <Loaded q={q}>
        {(l) => (
          <>
            <div class="page-head">
              <div class="link-head">
                <h1>{l.short_url.replace(/^https?:\/\//, '')}</h1>
                {l.title ? <p class="link-title">{l.title}</p> : null}
                <p class="muted link-target">
                  →{' '}
                  <a href={reachedUrl(l)} title={reachedUrl(l)} rel="noreferrer noopener" target="_blank">
                    {reachedUrl(l)}
                  </a>
                </p>
              </div>
              <div class="actions">
                <CopyButton text={l.short_url} label="Copy short URL" />
                {can.writeLinks ? (
                  <a class="button" href={href(`/links/${encodeURIComponent(l.id)}/edit`)}>
                    Edit
                  </a>
                ) : null}
              </div>
            </div>
            <section aria-labelledby="stats-h">
              <h2 id="stats-h">Clicks</h2>
              <ShareControl linkId={l.id} />
              <Overview fixed={{ linkId: l.id, name: l.short_url.replace(/^https?:\/\//, '') }} />
            </section>
            <h2>Details</h2>
            <LinkFacts l={l} />
            <QrPanel id={l.id} alias={l.alias} shortUrl={l.short_url} />
          </>
        )}
      </Loaded>
    </section>
  );
}

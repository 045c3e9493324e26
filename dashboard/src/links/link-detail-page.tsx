import { useEffect } from 'preact/hooks';
import { bareShortUrl } from '../analytics/link-labels';
import { Overview } from '../analytics/overview';
import { ShareControl } from '../analytics/share-control';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { LinkFieldsFragment } from '../gql/graphql';
import type { Params } from '../router';
import { href } from '../router';
import { CopyButton } from '../ui/copy';
import { Loaded } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { LinkQuery } from './documents';
import { reachedUrl } from './link-adapt-facts';
import { LinkFacts } from './link-facts';
import { QrPanel } from './qr-panel';

/**
 * A link as people name it: headed by its title, its short URL under it (what visitors type and the
 * Copy button copies); a link without a title is headed by its short URL. The tab says the same.
 */
function LinkHeading({ l }: { l: LinkFieldsFragment }) {
  const short = bareShortUrl(l.short_url);
  const title = l.title?.trim();
  // After every render, not only when the name changes: Routes writes the route's own title ("Link · lsk")
  // whenever the address changes, a change of the view's period or filters included.
  useEffect(() => {
    document.title = `${title || short} · Link · lsk`;
  });
  if (!title) return <h1>{short}</h1>;
  return (
    <>
      <h1 class="link-title">{title}</h1>
      <p class="link-short">{short}</p>
    </>
  );
}

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
                <LinkHeading l={l} />
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
              <Overview fixed={{ linkId: l.id, name: bareShortUrl(l.short_url) }} />
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

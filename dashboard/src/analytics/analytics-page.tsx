import { gql } from '../api/graphql';
import { LinkCountQuery } from '../links/documents';
import { useQuery } from '../ui/use-query';
import { Overview } from './overview';
import { ShareControl } from './share-control';

/**
 * The workspace's clicks at a glance: totals, clicks over time, breakdowns that filter, the recent
 * clicks. A workspace without links has nothing to share: no Share, and the empty state says to
 * create a link (while the count is asked, or if it fails, the page is as for any workspace).
 */
export function AnalyticsPage() {
  const links = useQuery(() => gql(LinkCountQuery, { q: null }).then((d) => d.linkCount?.total ?? null), []);
  const noLinks = links.data === 0;
  return (
    <section aria-labelledby="analytics-h">
      <h1 id="analytics-h">Analytics</h1>
      {noLinks ? null : <ShareControl />}
      <Overview noLinks={noLinks} />
    </section>
  );
}

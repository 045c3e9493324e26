import { Overview } from './overview';
import { ShareControl } from './share-control';

/** The workspace's clicks at a glance: totals, clicks over time, breakdowns that filter, the recent clicks. */
export function AnalyticsPage() {
  return (
    <section aria-labelledby="analytics-h">
      <h1 id="analytics-h">Analytics</h1>
      <ShareControl />
      <Overview />
    </section>
  );
}

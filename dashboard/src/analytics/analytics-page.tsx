import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { BarList } from '../charts/bars';
import { TimeSeries } from '../charts/timeseries';
import { href, useLocation } from '../router';
import { Loaded } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { lastMonthIn } from './dates';
import { AnalyticsQuery } from './documents';
import { bucketLabel, INTERVALS, localZone, rowLabel, VIEWS, zones } from './labels';

interface Filters {
  group_by: string;
  interval: string;
  timezone: string;
  from: string;
  to: string;
}

/** Clicks of the whole workspace, or of one link (`?link=<id>`, opened from a link's page): over time (interval, time zone) or grouped, over a date range. */
export function AnalyticsPage() {
  const linkId = useLocation().search.get('link') || null;
  const [f, setF] = useState<Filters>(() => ({ group_by: 'timeseries', interval: 'day', timezone: localZone(), ...lastMonthIn(localZone()) }));
  const q = useQuery(
    () =>
      gql(AnalyticsQuery, { group_by: f.group_by, from: f.from, to: f.to, timezone: f.timezone, interval: f.interval, limit: 25, link_id: linkId }).then((d) =>
        present(d.analytics, 'analytics'),
      ),
    [f.group_by, f.interval, f.timezone, f.from, f.to, linkId],
  );
  const apply = (e: Event) => {
    e.preventDefault();
    const d = new FormData(e.currentTarget as HTMLFormElement);
    const timezone = String(d.get('timezone'));
    let range = { from: String(d.get('from')), to: String(d.get('to')) };
    // The default window follows the time zone: "today" in Tokyo may be tomorrow in the browser's zone.
    const last = lastMonthIn(f.timezone);
    if (range.from === last.from && range.to === last.to) range = lastMonthIn(timezone);
    setF({ group_by: String(d.get('group_by')), interval: String(d.get('interval') ?? 'day'), timezone, ...range });
  };
  const view = VIEWS.find(([v]) => v === f.group_by)?.[1] ?? f.group_by;
  return (
    <section aria-labelledby="analytics-h">
      <h1 id="analytics-h">Analytics</h1>
      {linkId ? (
        <p class="scope">
          Clicks of the link <a href={href(`/links/${encodeURIComponent(linkId)}`)}>{linkId}</a> only · <a href={href('/analytics')}>whole workspace</a>
        </p>
      ) : null}
      <form class="filters" onSubmit={apply}>
        <label>
          View
          <select name="group_by">
            {VIEWS.map(([v, label]) => (
              <option key={v} value={v} selected={v === f.group_by}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Interval
          <select name="interval">
            {INTERVALS.map(([v, label]) => (
              <option key={v} value={v} selected={v === f.interval}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Time zone
          <input name="timezone" list="zones" defaultValue={f.timezone} required />
          <datalist id="zones">
            {zones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={f.from} required />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={f.to} required />
        </label>
        <button type="submit">Show</button>
      </form>
      <Loaded q={q}>
        {(a) => (
          <>
            <p class="totals">
              <strong class="big">{a.total.clicks}</strong> {a.total.clicks === 1 ? 'click' : 'clicks'} ·{' '}
              <span class="muted">{a.total.bots} from bots (not counted)</span> · {f.from} to {f.to} ({a.timezone})
            </p>
            {a.interval ? (
              <TimeSeries
                title={`Clicks per ${a.interval} (${a.timezone})`}
                points={a.data.map((p) => ({ date: bucketLabel(p.key, a.timezone, a.interval), clicks: p.clicks }))}
              />
            ) : (
              <BarList caption={view} keyLabel={view} rows={a.data.map((r) => ({ key: rowLabel(a.group_by, r), clicks: r.clicks }))} />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { BarList } from '../charts/bars';
import { everyDay, TimeSeries } from '../charts/timeseries';
import type { Params } from '../router';
import { href } from '../router';
import { CopyButton } from '../ui/copy';
import { Loaded } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { countryName } from './countries';
import { LinkQuery, LinkStatsQuery } from './documents';
import { LinkFacts } from './link-facts';
import { QrPanel } from './qr-panel';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function Stats({ id }: { id: string }) {
  const [range, setRange] = useState(() => ({ from: isoDay(new Date(Date.now() - 29 * 86_400_000)), to: isoDay(new Date()) }));
  const q = useQuery(() => gql(LinkStatsQuery, { id, from: range.from, to: range.to }).then((d) => present(d.linkStats, 'link')), [id, range.from, range.to]);
  const change = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    setRange({ from: String(f.get('from')), to: String(f.get('to')) });
  };
  return (
    <section aria-labelledby="stats-h">
      <h2 id="stats-h">Clicks</h2>
      <form class="filters" onSubmit={change}>
        <label>
          From
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit">Show</button>
        <a class="button" href={href(`/analytics?link=${encodeURIComponent(id)}`)}>
          By hour, week or month, in any time zone
        </a>
      </form>
      <Loaded q={q}>
        {(s) => (
          <>
            <p class="totals">
              <strong class="big">{s.clicks}</strong> {s.clicks === 1 ? 'click' : 'clicks'} · <span class="muted">{s.bots} from bots (not counted)</span> ·{' '}
              {s.from} to {s.to}
            </p>
            <TimeSeries title="Clicks per day (UTC)" points={everyDay(s.from, s.to, s.by_day)} />
            <div class="grid3">
              <BarList
                caption="Countries"
                keyLabel="Country"
                rows={s.by_country.map((c) => ({ key: `${countryName(c.country)} (${c.country})`, clicks: c.clicks }))}
              />
              <BarList caption="Referrers" keyLabel="Referrer" rows={s.by_referrer.map((r) => ({ key: r.host, clicks: r.clicks }))} />
              <BarList caption="Devices" keyLabel="Device" rows={s.by_device.map((d) => ({ key: d.device, clicks: d.clicks }))} />
              <BarList caption="Browsers" keyLabel="Browser" rows={s.by_browser.map((b) => ({ key: b.browser, clicks: b.clicks }))} />
              <BarList caption="Operating systems" keyLabel="Operating system" rows={s.by_os.map((o) => ({ key: o.os, clicks: o.clicks }))} />
            </div>
          </>
        )}
      </Loaded>
    </section>
  );
}

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
              <h1>{l.short_url.replace(/^https?:\/\//, '')}</h1>
              <div class="actions">
                <CopyButton text={l.short_url} label="Copy short URL" />
                {can.writeLinks ? (
                  <a class="button" href={href(`/links/${encodeURIComponent(l.id)}/edit`)}>
                    Edit
                  </a>
                ) : null}
              </div>
            </div>
            <LinkFacts l={l} />
            <QrPanel id={l.id} alias={l.alias} shortUrl={l.short_url} />
          </>
        )}
      </Loaded>
      <Stats id={id} />
    </section>
  );
}

/** The view's clicks one by one (clickEvents), newest first, a page at a time, and as a CSV file. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api/errors';
import { gql, present } from '../api/graphql';
import type { DashboardClickEventsQuery } from '../gql/graphql';
import { csvText } from '../ui/csv-text';
import { saveBlob } from '../ui/download';
import { ErrorBox, Loading } from '../ui/states';
import { asApiError } from '../ui/use-query';
import { ClickEventsQuery } from './documents';
import type { Scope } from './fetch';
import { UNKNOWN } from './unknown-values';
import { valueLabel } from './value-labels';
import './recent-clicks.css';

type ClickEvent = NonNullable<DashboardClickEventsQuery['clickEvents']>['data'][number];

const PAGE = 20;
type Column = Exclude<keyof ClickEvent, 'link'> | 'title';
/** The file's columns: the event's values, the link's title after its short URL. */
const COLUMNS: Column[] = [
  'timestamp',
  'short_url',
  'title',
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'referrer_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'trigger',
  'language',
];

function when(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

const cell = (e: ClickEvent, c: Column): string => String((c === 'title' ? e.link?.title : e[c]) ?? '');

/** Where a click came from: a long URL is cut with an ellipsis on one line, whole in its tooltip. */
function Referrer({ e }: { e: ClickEvent }) {
  const url = e.referrer_url ?? e.referrer;
  if (!url) return <span>(direct)</span>;
  return (
    <span class="event-referrer" title={url}>
      {url}
    </span>
  );
}

/** A click's link as people name it: its title (the short URL after it, muted), else its short URL. */
function LinkName({ e }: { e: ClickEvent }) {
  const short = e.short_url.replace(/^https?:\/\//, '');
  const title = e.link?.title;
  if (!title) return <span class="event-link">{short}</span>;
  return (
    <span class="event-link" title={`${title} (${short})`}>
      <span class="event-title">{title}</span> <span class="event-short">{short}</span>
    </span>
  );
}

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** `oneLink`: on a link's page, where a column of its short URL would say nothing. */
export function RecentClicks({ scope, filename, oneLink = false }: { scope: Scope; filename: string; oneLink?: boolean }) {
  const [events, setEvents] = useState<ClickEvent[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | undefined>();
  const run = useRef(0);
  const load = (after: string | null) => {
    const mine = after ? run.current : ++run.current;
    setLoading(true);
    setError(undefined);
    gql(ClickEventsQuery, { ...scope, limit: PAGE, cursor: after })
      .then((d) => present(d.clickEvents, 'click events'))
      .then(
        (page) => {
          if (mine !== run.current) return;
          setEvents((old) => (after ? [...old, ...page.data] : page.data));
          setCursor(page.next_cursor ?? null);
          setLoading(false);
        },
        (e: unknown) => {
          if (mine !== run.current) return;
          setError(asApiError(e));
          setLoading(false);
        },
      );
  };
  const key = JSON.stringify(scope);
  useEffect(() => load(null), [key]);
  const download = () => {
    const rows = events.map((e) => COLUMNS.map((c) => cell(e, c)));
    saveBlob(new Blob([csvText([COLUMNS, ...rows])], { type: 'text/csv' }), filename);
  };
  return (
    <section class="panel recent" aria-labelledby="recent-h" aria-busy={loading}>
      <div class="panel-head">
        <h2 id="recent-h">Recent clicks</h2>
        {events.length > 0 ? (
          <button type="button" class="button small" onClick={download}>
            {events.length === 1 ? 'Download this click (CSV)' : `Download these ${events.length} clicks (CSV)`}
          </button>
        ) : null}
      </div>
      {events.length > 0 ? (
        <div class="scroll">
          <table class="table events-table">
            <caption class="visually-hidden">Recent clicks, newest first, times in {scope.timezone}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {oneLink ? null : <th scope="col">Link</th>}
                <th scope="col">Location</th>
                <th scope="col">Device</th>
                <th scope="col">Referrer</th>
                <th scope="col">Trigger</th>
                <th scope="col">Language</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e, i) => (
                <tr key={`${e.timestamp}-${i}`}>
                  <td class="nowrap" data-label="Time">
                    {when(e.timestamp, scope.timezone)}
                  </td>
                  {oneLink ? null : (
                    <td class="event-link-cell" data-label="Link">
                      <LinkName e={e} />
                    </td>
                  )}
                  <td data-label="Location">{join(e.city, e.region, e.country ? valueLabel('country', e.country) : null) || UNKNOWN}</td>
                  <td data-label="Device">{join(e.device, e.browser, e.os) || '—'}</td>
                  <td class="event-referrer-cell" data-label="Referrer">
                    <Referrer e={e} />
                  </td>
                  <td class="nowrap" data-label="Trigger">
                    {e.trigger ? valueLabel('trigger', e.trigger) : '—'}
                  </td>
                  <td data-label="Language">{e.language ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {!loading && !error && events.length === 0 ? <p class="muted panel-empty">No clicks to list in this view.</p> : null}
      {error ? <ErrorBox error={error} retry={() => load(events.length ? cursor : null)} /> : null}
      {loading ? <Loading label="Loading clicks…" /> : null}
      {cursor && !loading && !error ? (
        <button type="button" onClick={() => load(cursor)}>
          Load more
        </button>
      ) : null}
    </section>
  );
}

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
import { bareShortUrl, linkName } from './link-labels';
import { localIso } from './local-time';
import { UNKNOWN } from './unknown-values';
import { valueLabel } from './value-labels';
import './recent-clicks.css';

type ClickEvent = NonNullable<DashboardClickEventsQuery['clickEvents']>['data'][number];

const PAGE = 20;
/** Clicks a phone shows before "Show all": the newest few, so that what follows the list (a link's details) stays near. */
export const FEW = 5;
type Column = Exclude<keyof ClickEvent, 'link'> | 'title';
/** The file's columns: the event's values (its time in the view's zone, which the header names), the link's title after its short URL. */
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

/** A cell of the file: the time as the table shows it (the view's zone, its offset written), the link's title, the event's values. */
function cell(e: ClickEvent, c: Column, zone: string): string {
  if (c === 'timestamp') return localIso(e.timestamp, zone);
  return String((c === 'title' ? e.link?.title : e[c]) ?? '');
}

/** Where a click came from: the URL without its scheme (the host first in sight), cut with an ellipsis on one line, whole in its tooltip. */
function Referrer({ e }: { e: ClickEvent }) {
  const url = e.referrer_url ?? e.referrer;
  if (!url) return <span>(direct)</span>;
  return (
    <span class="event-referrer" title={url}>
      {url.replace(/^https?:\/\//i, '')}
    </span>
  );
}

/** A click's link as people name it: its title (the short URL after it, muted), else its short URL. */
function LinkName({ e }: { e: ClickEvent }) {
  const short = bareShortUrl(e.short_url);
  const title = e.link?.title;
  if (!title) return <span class="event-link">{short}</span>;
  return (
    <span class="event-link" title={linkName(short, title)}>
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
  const [all, setAll] = useState(false);
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
  useEffect(() => {
    setAll(false);
    load(null);
  }, [key]);
  // On a phone (recent-clicks.css) only the first FEW show until "Show all"; wider, every row loaded shows.
  const few = !all && events.length > FEW;
  const download = () => {
    const rows = events.map((e) => COLUMNS.map((c) => cell(e, c, scope.timezone)));
    const head = COLUMNS.map((c) => (c === 'timestamp' ? `timestamp (${scope.timezone})` : c));
    saveBlob(new Blob([csvText([head, ...rows])], { type: 'text/csv' }), filename);
  };
  return (
    <section class={few ? 'panel recent few' : 'panel recent'} aria-labelledby="recent-h" aria-busy={loading}>
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
                  <td class="nowrap event-time" data-label="Time">
                    {when(e.timestamp, scope.timezone)}
                  </td>
                  {oneLink ? null : (
                    <td class="event-link-cell" data-label="Link">
                      <LinkName e={e} />
                    </td>
                  )}
                  <td class="event-place" data-label="Location">
                    {join(e.city, e.region, e.country ? valueLabel('country', e.country) : null) || UNKNOWN}
                  </td>
                  <td class="event-device" data-label="Device">
                    {join(e.device, e.browser, e.os) || '—'}
                  </td>
                  <td class={e.referrer_url || e.referrer ? 'event-referrer-cell' : 'event-referrer-cell direct'} data-label="Referrer">
                    <Referrer e={e} />
                  </td>
                  <td class="nowrap event-trigger" data-label="Trigger">
                    {e.trigger ? valueLabel('trigger', e.trigger) : '—'}
                  </td>
                  <td class="event-language" data-label="Language">
                    {e.language ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {!loading && !error && events.length === 0 ? <p class="muted panel-empty">No clicks to list in this view.</p> : null}
      {error ? <ErrorBox error={error} retry={() => load(events.length ? cursor : null)} /> : null}
      {loading ? <Loading label="Loading clicks…" /> : null}
      <div class="recent-more">
        {events.length > FEW ? (
          <button type="button" class="link-button phone-only" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? `Show the newest ${FEW}` : `Show all ${events.length}`}
          </button>
        ) : null}
        {cursor && !loading && !error ? (
          <button type="button" class="load-more" onClick={() => load(cursor)}>
            Load more
          </button>
        ) : null}
      </div>
    </section>
  );
}

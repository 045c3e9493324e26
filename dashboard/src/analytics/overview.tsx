/**
 * The analytics overview (the Analytics page, and a link's page scoped to that link): the window
 * controls, the filter chips, totals and clicks over time, a world map, panels of breakdowns whose
 * rows filter the view, and the recent clicks. Every setting is in the address (view-state.ts).
 */
import { useRef } from 'preact/hooks';
import { TimeSeries } from '../charts/timeseries';
import { currentPath, navigate, useLocation } from '../router';
import { saveBlob } from '../ui/download';
import { Loaded } from '../ui/states';
import { useFirstQuery } from '../ui/use-query';
import { BreakdownPanel, type Shown } from './breakdown-panel';
import { cutDays } from './bucket-cut';
import { periodName, worthComparing } from './change';
import { CompareToggle, CompareTotals } from './compare';
import { overviewCsv } from './csv';
import { intervalOf, windowOf } from './dates';
import { type FilterField, PANELS, type Panel, type Tab } from './dimensions';
import { EmptyClicks } from './empty-clicks';
import { analytics, type Scope } from './fetch';
import { viewFileName } from './filename';
import { fillingIndex } from './filling';
import { FilterChips } from './filter-chips';
import { IgnoredAddress } from './ignored-address';
import { bucketLabel, localZone, pointOf } from './labels';
import { LinkGone } from './link-gone';
import { linkShortUrl } from './link-labels';
import { MapPanel } from './map-panel';
import { MixedFilters } from './mixed-filters';
import { RecentClicks } from './recent-clicks';
import { sourcesAfterPick } from './source-picks';
import { ViewControls } from './view-controls';
import './analytics.css';
import { count } from '../ui/count';
import { Dotted } from '../ui/dotted';
import { apiFilter, type Filters, invertField, parseView, toggleValue, type View, viewSearch, withoutField } from './view-state';

/** A link's page: its link is always filtered on, and breakdowns by link or tag say nothing. */
export interface Fixed {
  linkId: string;
  /** As people see it: the short URL without its scheme (`go.example.com/spring`), which names its downloads. */
  name: string;
}

/** A share's public page (docs/adr/0215): no recent clicks (no visit by visit), no tabs by link or tag on one link's share. */
export interface ReadOnly {
  oneLink: boolean;
}

function panelsFor(fixed: Fixed | undefined, readOnly?: ReadOnly): Panel[] {
  if (!fixed && !readOnly?.oneLink) return PANELS;
  return PANELS.map((p) =>
    p.id === 'top' ? { ...p, title: 'Variants and domains', tabs: p.tabs.filter((t) => t.field !== 'link_id' && t.field !== 'tag') } : p,
  );
}

/** `noLinks`: the Analytics page of a workspace that has no link yet (its empty state says to make one). */
export function Overview({ fixed, readOnly, noLinks = false }: { fixed?: Fixed; readOnly?: ReadOnly; noLinks?: boolean }) {
  const { search } = useLocation();
  const view = parseView(search);
  if (fixed) delete view.filters.link_id;
  if (fixed) delete view.mixed?.link_id;
  // A filter the address mixes (kept and left-out values) would be refused: said instead of the figures.
  const mixed = Object.keys(view.mixed ?? {}).length > 0;
  const zone = view.tz ?? localZone();
  const window = windowOf(view.range, zone, view);
  const interval = intervalOf(view.range, view.interval, window.days);
  const fixedFilter: Filters = fixed ? { link_id: { values: [fixed.linkId], exclude: false } } : {};
  const scope: Scope = { from: window.from, to: window.to, timezone: zone, filter: apiFilter(view.filters, fixedFilter) };
  if (view.compare) scope.compare = 'previous';
  const go = (next: View) => navigate(`${currentPath()}${viewSearch(next)}`, false, true);
  const setFilters = (filters: Filters) => go({ ...view, filters });
  const shown = useRef(new Map<string, Shown>());
  const series = useFirstQuery(
    () => analytics({ group_by: 'timeseries', interval, ...scope }),
    [interval, scope.from, scope.to, zone, JSON.stringify(scope.filter), scope.compare],
  );
  const filtered = Object.keys(view.filters).length > 0;
  const onPick = (field: FilterField, value: string, exclude: boolean) =>
    go({ ...view, filters: toggleValue(view.filters, field, value, exclude), sources: sourcesAfterPick(view, field, value, exclude) });
  const picked = (tab: Tab) => (view.filters[tab.field] && !view.filters[tab.field]!.exclude ? view.filters[tab.field]!.values : []);
  const onTab = (panel: Panel, groupBy: string) => go({ ...view, tabs: { ...view.tabs, [panel.id]: groupBy } });
  const onShown = (id: string, s: Shown | null) => (s ? shown.current.set(id, s) : shown.current.delete(id));
  const fileName = (what: string) => viewFileName(what, window, view.filters, fixed?.name, linkShortUrl);
  const empty = series.data !== undefined && !series.loading && series.data.total.clicks === 0;
  // A view the API refuses (a link that is not there ...) says so once, not once per panel.
  const refused = series.error !== undefined && !series.loading;
  return (
    <div class="overview">
      <ViewControls
        key={`${view.range}-${view.from}-${view.to}`}
        range={view.range}
        window={window}
        zone={zone}
        interval={interval}
        onRange={(range, custom) => go({ ...view, range, from: custom?.from, to: custom?.to, interval: undefined })}
        onZone={(tz) => go({ ...view, tz })}
        onInterval={(i) => go({ ...view, interval: i })}
      />
      <CompareToggle on={Boolean(view.compare)} onChange={(on) => go({ ...view, compare: on || undefined })} />
      <IgnoredAddress ignored={view.ignored} zone={zone} />
      <FilterChips
        filters={view.filters}
        sources={view.sources}
        onInvert={(f) => setFilters(invertField(view.filters, f))}
        onRemove={(f) => setFilters(withoutField(view.filters, f))}
        onClear={() => setFilters({})}
        shared={Boolean(readOnly)}
      />
      {mixed ? (
        <MixedFilters mixed={view.mixed!} onRemove={(f) => go({ ...view, mixed: { ...view.mixed, [f]: undefined } })} />
      ) : (
        <Loaded q={series} failed={(e) => LinkGone({ error: e, filters: view.filters, onRemove: () => setFilters(withoutField(view.filters, 'link_id')) })}>
          {(a) => {
            const filling = fillingIndex(
              a.data.map((p) => p.key),
              window,
              a.timezone,
            );
            const points = a.data.map((p, i) => {
              const point = pointOf(p.key, p.clicks, a.timezone, a.interval);
              // A week or month the window cuts says which of its days it holds (the filling one says "so far").
              const cut = i === filling ? null : cutDays(bucketLabel(p.key, a.timezone, 'day'), a.interval, window);
              return { ...point, label: cut ? `${point.label} (${cut})` : point.label, partial: i === filling };
            });
            const title = `Clicks per ${a.interval ?? interval} (${a.timezone})`;
            const period = a.previous ? periodName(a.previous.from, a.previous.to, a.timezone, view.range === '24h') : null;
            const before = worthComparing(a.previous) ? a.data.map((p) => p.previous_clicks ?? null) : undefined;
            const download = () => {
              const csv = overviewCsv({ title, points, total: a.total.clicks, previous: before }, [...shown.current.values()]);
              saveBlob(new Blob([csv], { type: 'text/csv' }), fileName(`analytics-by-${a.interval ?? interval}`));
            };
            return (
              <>
                <div class="totals-row">
                  <p class="totals" aria-live="polite">
                    <Dotted
                      items={[
                        <>
                          <strong class="big">{count(a.total.clicks)}</strong> {a.total.clicks === 1 ? 'click' : 'clicks'}
                        </>,
                        <span class="muted">{a.total.bots} from bots (not counted)</span>,
                        <>
                          <span class="nowrap">
                            {view.range === '24h' ? (
                              'the last 24 hours'
                            ) : (
                              <>
                                <span class="nowrap">{window.from}</span> to <span class="nowrap">{window.to}</span>
                              </>
                            )}
                          </span>{' '}
                          ({a.timezone})
                        </>,
                        a.previous ? <CompareTotals now={a.total.clicks} before={a.previous.total.clicks} period={period} /> : null,
                      ]}
                    />
                  </p>
                  {empty ? null : (
                    <button type="button" class="button small" onClick={download}>
                      Download CSV
                    </button>
                  )}
                </div>
                {empty ? (
                  <EmptyClicks filtered={filtered} oneLink={Boolean(fixed)} noLinks={noLinks && !readOnly} />
                ) : (
                  <TimeSeries
                    title={title}
                    points={points}
                    bucket={a.interval ?? interval}
                    previous={before && a.previous && period !== null ? { clicks: before, label: period, total: a.previous.total.clicks } : undefined}
                  />
                )}
              </>
            );
          }}
        </Loaded>
      )}
      {empty || refused || mixed ? null : (
        <>
          <div class="panels">
            {panelsFor(fixed, readOnly).map((p) => [
              p.id === 'geo' ? <MapPanel key="map" scope={scope} picked={view.filters.country} onPick={onPick} /> : null,
              <BreakdownPanel
                key={p.id}
                panel={p}
                open={view.tabs[p.id] ?? p.tabs[0]!.groupBy}
                scope={scope}
                picked={picked}
                onTab={onTab}
                onPick={onPick}
                onShown={onShown}
              />,
            ])}
          </div>
          {readOnly ? null : <RecentClicks scope={scope} filename={fileName('clicks')} oneLink={Boolean(fixed)} />}
        </>
      )}
    </div>
  );
}

/** A panel of the overview: its tabs (each a grouping of the API), and the open tab's rows with their shares. */
import { useEffect } from 'preact/hooks';
import { Loaded } from '../ui/states';
import { useQuery } from '../ui/use-query';
import { previousOf } from './change';
import type { Panel, Tab } from './dimensions';
import { type Analytics, breakdown, ROWS, type Scope } from './fetch';
import { rememberLink } from './link-labels';
import { MANY_PER_CLICK, type Remainder, remainderOf } from './remainder';
import { type ShareRow, ShareTable } from './share-table';
import { valueLabel } from './value-labels';

export interface Shown {
  title: string;
  rows: ShareRow[];
  /** The clicks the rows leave out, if any. */
  remainder: Remainder | null;
  total: number;
}

/** The rows of one answer as people read them. */
export function shareRows(tab: Tab, a: Analytics): ShareRow[] {
  return a.data.map((r) => {
    if (tab.field === 'link_id') rememberLink(r.key, r.short_url, r.link ? r.link.title : undefined);
    const label = valueLabel(tab.field, r.key);
    // A link reads as its title where it has one, its short URL beside it.
    const title = tab.field === 'link_id' ? r.link?.title : null;
    return { value: r.key, ...(title ? { label: title, detail: label } : { label }), clicks: r.clicks, ...previousOf(a, r.previous_clicks) };
  });
}

interface Props {
  panel: Panel;
  /** The open tab (a group_by of the panel). */
  open: string;
  scope: Scope;
  picked: (tab: Tab) => string[];
  onTab: (panel: Panel, groupBy: string) => void;
  onPick: (field: Tab['field'], value: string, exclude: boolean) => void;
  /** Called with what the panel shows (for the CSV download). */
  onShown: (panelId: string, shown: Shown | null) => void;
}

export function BreakdownPanel({ panel, open, scope, picked, onTab, onPick, onShown }: Props) {
  const tab = panel.tabs.find((t) => t.groupBy === open) ?? panel.tabs[0]!;
  const q = useQuery(() => breakdown(tab.groupBy, scope), [tab.groupBy, scope.from, scope.to, scope.timezone, JSON.stringify(scope.filter), scope.compare]);
  const rows = q.data && !q.loading ? shareRows(tab, q.data) : null;
  useEffect(() => {
    const total = q.data?.total.clicks ?? 0;
    const remainder = rows ? remainderOf(tab.field, rows, total, ROWS) : null;
    onShown(panel.id, rows && q.data ? { title: `${panel.title}: ${tab.label}`, rows, remainder, total } : null);
  }, [q.data, q.loading]);
  const headingId = `panel-${panel.id}-h`;
  return (
    <section class="panel" aria-labelledby={headingId} aria-busy={q.loading}>
      <div class="panel-head">
        <h2 id={headingId}>{panel.title}</h2>
        {panel.tabs.length > 1 ? (
          <fieldset class="tabs">
            <legend class="visually-hidden">{panel.title}: show</legend>
            {panel.tabs.map((t) => (
              <button key={t.groupBy} type="button" aria-pressed={t === tab} onClick={() => onTab(panel, t.groupBy)}>
                {t.label}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <Loaded q={q}>
        {(a) =>
          a.data.length === 0 ? (
            <p class="muted panel-empty">{a.total.clicks === 0 ? 'No clicks in this view.' : `No ${tab.label.toLowerCase()} recorded for these clicks.`}</p>
          ) : (
            <>
              <ShareTable
                caption={`${panel.title}: ${tab.label}`}
                keyLabel={tab.label}
                field={tab.field}
                rows={shareRows(tab, a)}
                remainder={remainderOf(tab.field, a.data, a.total.clicks, ROWS)}
                total={a.total.clicks}
                picked={picked(tab)}
                onPick={onPick}
              />
              {MANY_PER_CLICK.includes(tab.field) ? (
                <p class="muted panel-note">A click counts under every tag of its link, so these shares need not add up to 100%.</p>
              ) : null}
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** The overview's downloads as CSV text (cells made safe and quoted as the service's own CSV answers are). */
import type { Point } from '../charts/timeseries';
import { csvText } from '../ui/csv-text';
import type { Shown } from './breakdown-panel';
import { percent } from './share-table';

/**
 * What the overview shows, as one table: the time series (one row per bucket), then each panel's
 * rows (its open tab), each with its section, value, label, clicks and share of the view's clicks,
 * and the clicks its rows leave out (`(not set)` or `Other`, no value). A bucket still filling says
 * `(so far)` in its label.
 */
export function overviewCsv(series: { title: string; points: Point[]; total: number }, panels: Shown[]): string {
  const rows: string[][] = [['section', 'value', 'label', 'clicks', 'share']];
  for (const p of series.points) {
    rows.push([series.title, p.label, p.partial ? `${p.label} (so far)` : p.label, String(p.clicks), percent(p.clicks, series.total)]);
  }
  for (const panel of panels) {
    for (const r of panel.rows) rows.push([panel.title, r.value, r.label, String(r.clicks), percent(r.clicks, panel.total)]);
    const rest = panel.remainder;
    if (rest) rows.push([panel.title, '', rest.label, String(rest.clicks), percent(rest.clicks, panel.total)]);
  }
  return csvText(rows);
}

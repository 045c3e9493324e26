/** The overview's downloads as CSV text (cells made safe and quoted as the service's own CSV answers are). */
import { csvText } from '../ui/csv-text.js';
import { linkName } from './link-labels.js';
import { shares } from './percent.js';

/** A bucket of the chart (a `Point`), as far as the file needs it. */
interface CsvPoint {
  label: string;
  clicks: number;
  partial?: boolean;
}

/** A panel as shown (a `Shown` of the breakdown panel), as far as the file needs it. */
interface CsvPanel {
  title: string;
  rows: { value: string; label: string; detail?: string; clicks: number; previous?: number | null }[];
  remainder: { label: string; clicks: number } | null;
  total: number;
}

/**
 * What the overview shows, as one table: the time series (one row per bucket), then each panel's
 * rows (its open tab), each with its section, value, label (a titled link's as the page names it: `Title · short URL`), clicks and share of the view's clicks,
 * and the clicks its rows leave out (`(not set)` or `Other`, no value). A bucket still filling says
 * `(so far)` in its label. Compared with the previous period, a last column `previous_clicks` holds
 * what the view shows beside each row (the bucket paired with it, the same value's clicks then;
 * empty where there is none), as the API's own CSV does.
 */
export function overviewCsv(series: { title: string; points: CsvPoint[]; total: number; previous?: (number | null)[] }, panels: CsvPanel[]): string {
  const compared = series.previous !== undefined || panels.some((p) => p.rows.some((r) => r.previous !== undefined));
  const then = (n: number | null | undefined) => (compared ? [n === null || n === undefined ? '' : String(n)] : []);
  const rows: string[][] = [['section', 'value', 'label', 'clicks', 'share', ...(compared ? ['previous_clicks'] : [])]];
  const seriesShares = shares(
    series.points.map((p) => p.clicks),
    series.total,
  );
  series.points.forEach((p, i) => {
    rows.push([series.title, p.label, p.partial ? `${p.label} (so far)` : p.label, String(p.clicks), seriesShares[i]!, ...then(series.previous?.[i])]);
  });
  for (const panel of panels) {
    const rest = panel.remainder;
    const pct = shares([...panel.rows.map((r) => r.clicks), ...(rest ? [rest.clicks] : [])], panel.total);
    panel.rows.forEach((r, i) => {
      rows.push([panel.title, r.value, r.detail ? linkName(r.detail, r.label) : r.label, String(r.clicks), pct[i]!, ...then(r.previous)]);
    });
    if (rest) rows.push([panel.title, '', rest.label, String(rest.clicks), pct[panel.rows.length]!, ...then(undefined)]);
  }
  return csvText(rows);
}

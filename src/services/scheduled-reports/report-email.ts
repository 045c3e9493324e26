import type { LocalDate } from '../../domain/analytics/time-zone.js';
import { isoDate } from '../../domain/scheduled-reports/schedule.js';

/** What a report email says (docs/adr/0219): the period's totals against the one before, and three top fives. */
export interface ReportFigures {
  workspace: string;
  /** What the report counts: "all links", "link go.example.com/spring", "tag Campaign", "domain go.example.com". */
  scopeLabel: string;
  from: LocalDate;
  to: LocalDate;
  timezone: string;
  clicks: number;
  previousClicks: number;
  links: { label: string; clicks: number }[];
  sources: { label: string; clicks: number }[];
  countries: { label: string; clicks: number }[];
  dashboardUrl: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const number = (n: number) => n.toLocaleString('en-US');

/** 17–23 Nov; 27 Oct–2 Nov; 29 Dec 2025–4 Jan 2026; 1–31 Oct. */
export function rangeLabel(from: LocalDate, to: LocalDate): string {
  const [f, t] = [new Date(isoDate(from)), new Date(isoDate(to))];
  const day = (d: Date) => d.getUTCDate();
  const month = (d: Date) => MONTHS[d.getUTCMonth()]!;
  if (f.getUTCFullYear() !== t.getUTCFullYear()) return `${day(f)} ${month(f)} ${f.getUTCFullYear()}–${day(t)} ${month(t)} ${t.getUTCFullYear()}`;
  if (f.getUTCMonth() !== t.getUTCMonth()) return `${day(f)} ${month(f)}–${day(t)} ${month(t)}`;
  return `${day(f)}–${day(t)} ${month(t)}`;
}

/** ▲ 12 %, ▼ 3 %, = 0 %, or ▲ new when the period before had none. */
export function changeLabel(clicks: number, previous: number): string {
  if (previous === 0) return clicks === 0 ? '= 0 %' : '▲ new';
  const pct = Math.round(((clicks - previous) / previous) * 100);
  if (pct === 0) return '= 0 %';
  return `${pct > 0 ? '▲' : '▼'} ${Math.abs(pct)} %`;
}

export const reportSubject = (f: ReportFigures) =>
  `${f.workspace} — clicks ${rangeLabel(f.from, f.to)}: ${number(f.clicks)} (${changeLabel(f.clicks, f.previousClicks)})`;

const SECTIONS = (f: ReportFigures): [string, { label: string; clicks: number }[]][] => [
  ['Top links', f.links],
  ['Top sources', f.sources],
  ['Top countries', f.countries],
];

export function reportText(f: ReportFigures): string {
  const lines = [
    `${f.workspace}: clicks of ${f.scopeLabel}, ${rangeLabel(f.from, f.to)} (${f.timezone})`,
    '',
    `Clicks: ${number(f.clicks)} (${changeLabel(f.clicks, f.previousClicks)}; the period before: ${number(f.previousClicks)})`,
  ];
  for (const [title, rows] of SECTIONS(f)) {
    lines.push('', `${title}:`);
    if (rows.length === 0) lines.push('  none');
    for (const r of rows) lines.push(`  ${number(r.clicks).padStart(8)}  ${r.label}`);
  }
  lines.push('', `The same view in the dashboard: ${f.dashboardUrl}`, '', '-- ', 'lsk');
  return lines.join('\n');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value a report shows goes through this: names, hosts and labels are the workspace's own text. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const CELL = 'padding:4px 8px;border-bottom:1px solid #e5e7eb;';

/** Simple HTML with inline styles only: no outside images, fonts or requests. */
export function reportHtml(f: ReportFigures): string {
  const e = escapeHtml;
  const table = (title: string, rows: { label: string; clicks: number }[]) =>
    `<h2 style="font-size:16px;margin:20px 0 6px;">${e(title)}</h2>` +
    (rows.length === 0
      ? '<p style="color:#6b7280;margin:0;">none</p>'
      : `<table style="border-collapse:collapse;width:100%;max-width:560px;">${rows
          .map((r) => `<tr><td style="${CELL}word-break:break-all;">${e(r.label)}</td><td style="${CELL}text-align:right;">${e(number(r.clicks))}</td></tr>`)
          .join('')}</table>`);
  return [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;margin:0;padding:16px;">',
    `<h1 style="font-size:20px;margin:0 0 4px;">${e(f.workspace)}</h1>`,
    `<p style="margin:0 0 12px;color:#4b5563;">Clicks of ${e(f.scopeLabel)}, ${e(rangeLabel(f.from, f.to))} (${e(f.timezone)})</p>`,
    `<p style="font-size:28px;margin:0;">${e(number(f.clicks))} <span style="font-size:16px;color:#4b5563;">${e(changeLabel(f.clicks, f.previousClicks))}</span></p>`,
    `<p style="margin:0;color:#6b7280;">The period before: ${e(number(f.previousClicks))}</p>`,
    ...SECTIONS(f).map(([t, rows]) => table(t, rows)),
    `<p style="margin:20px 0 0;"><a href="${e(f.dashboardUrl)}" style="color:#1d4ed8;">Open the same view in the dashboard</a></p>`,
    '</body></html>',
  ].join('');
}

/**
 * One breakdown as a table: each value with its clicks and share of the view's clicks (bar and
 * percent). Its name is a button that filters the view by it (pressed while it does; pressing again
 * removes it), and a second button excludes it.
 */
import { useState } from 'preact/hooks';
import { count } from '../ui/count';
import { ChangeBadge } from './compare';
import type { FilterField } from './dimensions';
import { linkName } from './link-labels';
import { shares } from './percent';
import { type Remainder, rowsShown, shownRemainder } from './remainder';
import { ShortUrlLabel } from './short-url-label';

export interface ShareRow {
  value: string;
  label: string;
  /** Read after the label (a titled link's short URL). */
  detail?: string;
  clicks: number;
  /** Compared with the previous period: the same value's clicks then. */
  previous?: number | null;
}

/**
 * A row's name. A link's short URL is split before its path, so that a narrow screen shortens the
 * host (the same on every row) and keeps the alias that tells the rows apart (the button's label
 * keeps the name whole for screen readers, which would read the two parts as two words).
 */
function RowLabel({ field, label, detail }: { field: FilterField; label: string; detail?: string }) {
  // A titled link: the title first, then its short URL in what room is left (the title keeps its room).
  // The space between them makes the visible text read as the button's name does (axe: label-content-name-mismatch).
  if (detail)
    return (
      <span class="share-label titled">
        <span class="share-title">{label}</span> <span class="share-detail">{detail}</span>
      </span>
    );
  const cut = field === 'link_id' ? label.indexOf('/') : 0;
  if (cut <= 0) return <span class="share-label">{label}</span>;
  return <ShortUrlLabel host={label.slice(0, cut)} path={label.slice(cut)} />;
}

interface Props {
  caption: string;
  keyLabel: string;
  field: FilterField;
  rows: ShareRow[];
  /** The clicks the rows leave out: a last, muted row with nothing to press. */
  remainder?: Remainder | null;
  total: number;
  /** Values of the field's IN filter. */
  picked: string[];
  onPick: (field: FilterField, value: string, exclude: boolean) => void;
}

export function ShareTable({ caption, keyLabel, field, rows, remainder, total, picked, onPick }: Props) {
  const [all, setAll] = useState(false);
  const limit = rowsShown(rows.length);
  const shown = all ? rows : rows.slice(0, limit);
  // Collapsed, the rows hidden belong to the last row, or the table would not add up to the total.
  const rest = all ? (remainder ?? null) : shownRemainder(field, rows, remainder ?? null, limit);
  const max = Math.max(1, rest?.clicks ?? 0, ...shown.map((r) => r.clicks));
  const compared = rows.some((r) => r.previous !== undefined);
  // What is on screen adds up to 100% when its clicks make up the total.
  const pct = shares([...shown.map((r) => r.clicks), ...(rest ? [rest.clicks] : [])], total);
  return (
    <>
      <table class="shares">
        <caption class="visually-hidden">{caption}</caption>
        <colgroup>
          <col />
          <col class="c-clicks" />
          <col class="c-share" />
          {compared ? <col class="c-change" /> : null}
          <col class="c-x" />
        </colgroup>
        <thead class="visually-hidden">
          <tr>
            <th scope="col">{keyLabel} (press to filter by it)</th>
            <th scope="col">Clicks</th>
            <th scope="col">Share</th>
            {compared ? <th scope="col">Change vs previous period</th> : null}
            <th scope="col">Exclude</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => {
            // A titled link's name as everywhere else: `Spring sale · go.example.com/spring`.
            const name = r.detail ? linkName(r.detail, r.label) : r.label;
            return (
              <tr key={r.value}>
                <th scope="row">
                  <button
                    type="button"
                    class="pick"
                    aria-pressed={picked.includes(r.value)}
                    aria-label={name}
                    title={`Only ${name}`}
                    onClick={() => onPick(field, r.value, false)}
                  >
                    <span class="share-bar" style={{ width: `${(r.clicks / max) * 100}%` }} aria-hidden="true" />
                    <RowLabel field={field} label={r.label} detail={r.detail} />
                  </button>
                </th>
                <td class="num">{count(r.clicks)}</td>
                <td class="num muted">{pct[i]}</td>
                {compared ? (
                  <td class="change-cell">
                    <ChangeBadge now={r.clicks} before={r.previous} suffix={` (${count(r.previous ?? 0)} before)`} />
                  </td>
                ) : null}
                <td class="x">
                  <button type="button" class="exclude" aria-label={`Exclude ${name}`} title={`Exclude ${name}`} onClick={() => onPick(field, r.value, true)}>
                    <span aria-hidden="true">⊘</span>
                  </button>
                </td>
              </tr>
            );
          })}
          {rest ? (
            <tr class="remainder" title={rest.title}>
              <th scope="row">
                <span class="rest">
                  <span class="share-bar" style={{ width: `${(rest.clicks / max) * 100}%` }} aria-hidden="true" />
                  <span class="share-label">{rest.label}</span>
                </span>
              </th>
              <td class="num">{count(rest.clicks)}</td>
              <td class="num muted">{pct[shown.length]}</td>
              {compared ? <td class="change-cell" /> : null}
              <td class="x" />
            </tr>
          ) : null}
        </tbody>
      </table>
      {rows.length > limit ? (
        <button type="button" class="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </button>
      ) : null}
    </>
  );
}

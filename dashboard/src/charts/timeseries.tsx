/**
 * Clicks over time as a plain SVG area chart (no library: one line and its axes need none), drawn at
 * the width it is shown at so its labels stay readable on a phone; a pointer shows each bucket's
 * count, and the same numbers are in a table for screen readers and keyboard users.
 */
import { useState } from 'preact/hooks';
import { axisRoom, clicksTick, niceStep, spansDays, tickTexts, timeTicks, tipTop } from './axis';
import { ChartLegend } from './legend';
import type { Point } from './point';
import { useWidth } from './use-width';
import './timeseries.css';
import { count } from '../ui/count';
import { Dotted } from '../ui/dotted';

const BOTTOM = 24;
const TOP = 10;
const RIGHT = 12;

/**
 * The period compared with: its clicks per bucket at the same position (null: none there), its name,
 * and its total (which counts buckets with none to pair too, e.g. October's 31st against November).
 */
export interface Previous {
  clicks: (number | null)[];
  label: string;
  total: number;
}

export function TimeSeries({ points, title, bucket, previous }: { points: Point[]; title: string; bucket: string; previous?: Previous }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const [hover, setHover] = useState<number | null>(null);
  const height = width < 500 ? 170 : 220;
  const before = previous?.clicks ?? [];
  const max = Math.max(0, ...points.map((p) => p.clicks), ...before.map((c) => c ?? 0));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  // The clicks axis takes the room its widest label needs.
  const left = axisRoom(top);
  const plotW = Math.max(1, width - left - RIGHT);
  const plotH = height - TOP - BOTTOM;
  const n = points.length;
  const x = (i: number) => left + (n > 1 ? (i / (n - 1)) * plotW : plotW / 2);
  const y = (v: number) => TOP + plotH * (1 - v / top);
  const path = (from: number, to: number) =>
    points
      .slice(from, to)
      .map((p, i) => `${i ? 'L' : 'M'}${x(from + i).toFixed(1)},${y(p.clicks).toFixed(1)}`)
      .join('');
  const line = path(0, n);
  // From the bucket before a filling one on, the line is dashed: its end is not a fall.
  const firstPartial = points.findIndex((p) => p.partial);
  const solidTo = firstPartial > 0 ? firstPartial : firstPartial === 0 ? 1 : n;
  const area = n > 1 ? `${line}L${x(n - 1).toFixed(1)},${y(0)}L${x(0).toFixed(1)},${y(0)}Z` : '';
  const yTicks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  // A label that names its day (`Sat 28 23:00`) needs more room than an hour or a date.
  const labels = Math.max(2, Math.floor(plotW / (spansDays(points) ? 120 : 90)));
  const xTicks = timeTicks(n, labels);
  const xTexts = tickTexts(points, xTicks);
  const total = points.reduce((s, p) => s + p.clicks, 0);
  // The previous period: a fainter dotted line over the buckets it has (a null ends it).
  const beforeLine = before
    .map((c, i) => (c === null || i >= n ? '' : `${i === 0 || before[i - 1] === null ? 'M' : 'L'}${x(i).toFixed(1)},${y(c).toFixed(1)}`))
    .join('');
  const pick = (e: PointerEvent) => {
    const box = (e.currentTarget as SVGElement).getBoundingClientRect();
    const i = n > 1 ? Math.round(((e.clientX - box.left - left) / plotW) * (n - 1)) : 0;
    setHover(Math.min(n - 1, Math.max(0, i)));
  };
  const h = hover === null ? undefined : points[hover];
  return (
    <figure class="chart">
      <figcaption>
        <Dotted items={[title, firstPartial >= 0 && !previous ? <span class="muted">dashed: {points[firstPartial]!.label} so far</span> : null]} />
      </figcaption>
      <div class="chart-box" ref={ref}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={`${title}: ${count(total)} clicks from ${points[0]?.label ?? ''} to ${points[n - 1]?.label ?? ''}, at most ${count(max)} per ${bucket}${firstPartial >= 0 ? `; dashed end: ${points[firstPartial]!.label} is still counting` : ''}${previous ? `; dotted grey line: ${previous.label}, ${count(previous.total)} clicks` : ''}`}
          onPointerMove={pick}
          onPointerLeave={() => setHover(null)}
        >
          {yTicks.map((v) => (
            <g key={v}>
              <line x1={left} x2={width - RIGHT} y1={y(v)} y2={y(v)} class={v === 0 ? 'axis' : 'grid'} />
              <text x={left - 6} y={y(v) + 4} class="tick" text-anchor="end">
                {clicksTick(v)}
              </text>
            </g>
          ))}
          {area ? <path d={area} class="area" /> : null}
          {beforeLine && n > 1 ? <path d={beforeLine} class="line previous" data-testid="chart-previous" /> : null}
          {n === 1 && before[0] != null ? <circle cx={x(0)} cy={y(before[0])} r="5" class="dot previous" data-testid="chart-previous" /> : null}
          <path d={path(0, solidTo)} class="line" />
          {firstPartial > 0 ? <path d={path(firstPartial - 1, n)} class="line partial" data-testid="chart-so-far" /> : null}
          {n === 1 ? <circle cx={x(0)} cy={y(points[0]!.clicks)} r="4" class={points[0]!.partial ? 'dot partial' : 'dot'} /> : null}
          {n > 1 && firstPartial > 0 ? <circle cx={x(firstPartial)} cy={y(points[firstPartial]!.clicks)} r="3.5" class="dot partial" /> : null}
          {xTicks.map((i, k) => (
            <text key={i} x={x(i)} y={height - 6} class="tick" text-anchor={i === 0 && n > 1 ? 'start' : i === n - 1 && n > 1 ? 'end' : 'middle'}>
              {xTexts[k]}
            </text>
          ))}
          {h && hover !== null ? (
            <g class="hover">
              <line x1={x(hover)} x2={x(hover)} y1={TOP} y2={y(0)} />
              <circle cx={x(hover)} cy={y(h.clicks)} r="4" />
            </g>
          ) : null}
        </svg>
        {h && hover !== null ? (
          <p class="chart-tip" style={{ left: `${Math.min(width - 150, Math.max(0, x(hover) - 75))}px`, top: `${tipTop(y(h.clicks))}px` }} aria-hidden="true">
            <strong>{count(h.clicks)}</strong> {h.clicks === 1 ? 'click' : 'clicks'}
            {h.partial ? ' so far' : ''}
            {previous && hover < before.length && before[hover] !== null ? ` (${count(before[hover]!)} before)` : ''}
            <br />
            {h.label}
          </p>
        ) : null}
      </div>
      {previous ? <ChartLegend partial={firstPartial >= 0 ? points[firstPartial]!.label : null} previous={previous.label} /> : null}
      <details>
        <summary>Show as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{bucket[0]?.toUpperCase() + bucket.slice(1)}</th>
              <th scope="col" class="num">
                Clicks
              </th>
              {previous ? (
                <th scope="col" class="num">
                  {previous.label}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.label}>
                <td>{p.partial ? `${p.label} (so far)` : p.label}</td>
                <td class="num">{p.partial ? `${count(p.clicks)} so far` : count(p.clicks)}</td>
                {previous ? <td class="num">{before[i] == null ? '—' : count(before[i]!)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The time series' key to its lines when it compares periods: this period's solid line, its dashed
 * end (a bucket still counting) and the previous period's dotted grey line, each drawn as it is drawn
 * in the chart and named in words, so no two lines share a look or go without a name.
 */
export function ChartLegend({ partial, previous }: { partial: string | null; previous: string }) {
  return (
    <p class="chart-legend">
      <span class="legend-item">
        <span class="key current" aria-hidden="true" /> This period
      </span>
      {partial ? (
        <span class="legend-item">
          <span class="key partial" aria-hidden="true" /> dashed: {partial} so far
        </span>
      ) : null}
      <span class="legend-item">
        <span class="key previous" aria-hidden="true" /> {previous} (dotted)
      </span>
    </p>
  );
}

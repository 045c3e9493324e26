/**
 * Clicks per day as a plain SVG column chart (no library: a few dozen columns need none), with the
 * same numbers in a table for screen readers and keyboard users.
 */
/** Every day of [from, to] (ISO dates, UTC), with the clicks of the days the API listed and zero elsewhere. */
export function everyDay(from: string, to: string, points: { date: string; clicks: number }[]): { date: string; clicks: number }[] {
  const byDate = new Map(points.map((p) => [p.date, p.clicks]));
  const out: { date: string; clicks: number }[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length < 1000; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({ date, clicks: byDate.get(date) ?? 0 });
  }
  return out.length ? out : points;
}

export function TimeSeries({ points, title }: { points: { date: string; clicks: number }[]; title: string }) {
  const max = Math.max(1, ...points.map((p) => p.clicks));
  const w = 600;
  const h = 160;
  const step = points.length ? w / points.length : w;
  const first = points[0]?.date;
  const last = points[points.length - 1]?.date;
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${w} ${h + 20}`}
        role="img"
        aria-label={`${title}: ${points.reduce((n, p) => n + p.clicks, 0)} clicks from ${first} to ${last}, most in a day ${max}`}
      >
        <line x1="0" y1={h} x2={w} y2={h} class="axis" />
        {points.map((p, i) => {
          const bh = (p.clicks / max) * (h - 10);
          return (
            <rect key={p.date} x={i * step + step * 0.15} y={h - bh} width={Math.max(1, step * 0.7)} height={bh} class="col">
              <title>
                {p.date}: {p.clicks}
              </title>
            </rect>
          );
        })}
        <text x="0" y={h + 16} class="tick">
          {first}
        </text>
        <text x={w} y={h + 16} class="tick" text-anchor="end">
          {last}
        </text>
        <text x="4" y="12" class="tick">
          {max}
        </text>
      </svg>
      <details>
        <summary>Show as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="num">
                Clicks
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td>{p.date}</td>
                <td class="num">{p.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

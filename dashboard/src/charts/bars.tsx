/** A ranked list as an accessible table with a bar per row (countries, referrers, devices). */
export function BarList({ caption, rows, keyLabel }: { caption: string; keyLabel: string; rows: { key: string; clicks: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <figure class="barlist">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col" class="num">
              Clicks
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} class="muted">
                No clicks in this period.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">
                  <span class="bar" style={{ width: `${(r.clicks / max) * 100}%` }} aria-hidden="true" />
                  <span class="bar-label">{r.key}</span>
                </th>
                <td class="num">{r.clicks}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </figure>
  );
}

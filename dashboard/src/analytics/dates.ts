/** Today's date in a time zone (YYYY-MM-DD); the browser's own date when the zone is unknown. */
export function todayIn(zone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
}

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The last 30 days, today included, as dates in `zone` (as the API's own default window). */
export function lastMonthIn(zone: string, now = new Date()): { from: string; to: string } {
  const to = todayIn(zone, now);
  return { from: daysBefore(to, 29), to };
}

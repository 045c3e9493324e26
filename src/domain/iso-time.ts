/** Two and three digits, zero-padded, looked up rather than padded per call. */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * `date.toISOString()`, the same string, built in JavaScript: V8's own formats through the C
 * library's printf, several times slower, and a page of links formats two to four times per link.
 * Years outside 1000–9999 (signed six-digit years, padding) and invalid dates (a RangeError) are
 * left to `toISOString` itself.
 */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return `${year}-${TWO[date.getUTCMonth() + 1]}-${TWO[date.getUTCDate()]}T${TWO[date.getUTCHours()]}:${TWO[date.getUTCMinutes()]}:${TWO[date.getUTCSeconds()]}.${THREE[date.getUTCMilliseconds()]}Z`;
}

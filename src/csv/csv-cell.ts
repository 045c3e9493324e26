/**
 * One CSV cell (RFC 4180), shared by the service's CSV answers and the dashboard's downloads (no
 * imports: it is bundled into the browser as well).
 */

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading ' (OWASP's CSV injection advice). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: injection-safe, quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

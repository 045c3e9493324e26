const FORMAT = new Intl.NumberFormat('en');

/** A count as people read it, grouped by thousands (68,235), as the report email writes it. */
export function count(n: number): string {
  return FORMAT.format(n);
}

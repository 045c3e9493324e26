/** One bucket of the time series, as the chart draws it. */
export interface Point {
  /** The bucket as people read it (tooltip and table). */
  label: string;
  /** The bucket's axis label (shorter). */
  tick: string;
  /** An hour's day (`Thu 26`): the axis names it at each day's first label when hours span days. */
  day?: string;
  clicks: number;
  /** The bucket is still filling (it holds the present): its count is so far. */
  partial?: boolean;
}

import type { ComponentChildren } from 'preact';
import { Empty } from './states';

/** One column of a ListTable: its header, and what a row shows in it. */
export interface Column<T> {
  header: ComponentChildren;
  cell: (row: T) => ComponentChildren;
  /** A number column: header and cells right-aligned (class "num"). */
  num?: true;
  /** A class for the cells (e.g. "break" for long URLs). */
  class?: string;
}

interface ListTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Columns in order; `null` or `false` leaves one out (e.g. Actions for a viewer). */
  columns: readonly (Column<T> | null | false)[];
  /** Shown instead of the table when there are no rows. */
  empty?: ComponentChildren;
  /** A caption for screen readers. */
  caption?: string;
  /** Scrolls sideways on narrow screens (class "scroll"). */
  scroll?: true;
  /** Below the table, in the same block (a pager); the block is then marked busy while `busy`. */
  after?: ComponentChildren;
  busy?: boolean;
}

/**
 * The list of a page: an empty state when there is nothing, else a table with one row per item,
 * the same markup on every page (headers with scope="col", number columns right-aligned).
 */
export function ListTable<T>({ rows, rowKey, columns, empty, caption, scroll, after, busy }: ListTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <Empty>{empty}</Empty>;
  const cols = columns.filter((c): c is Column<T> => Boolean(c));
  const table = (
    <table class="table">
      {caption ? <caption class="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {cols.map((c, i) => (
            <th key={i} scope="col" class={c.num ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {cols.map((c, i) => (
              <td key={i} class={c.num ? 'num' : c.class}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const block = scroll ? <div class="scroll">{table}</div> : table;
  if (after === undefined) return block;
  return (
    <div aria-busy={busy}>
      {block}
      {after}
    </div>
  );
}

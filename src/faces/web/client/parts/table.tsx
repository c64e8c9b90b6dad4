// A table that sorts by any column (a button in each header; aria-sort says which) and is
// filtered by the view around it. Cells are text; a column may render its own element.
// Long tables show their first rows (sorted as asked) and a button for the rest: a 16k-token
// package's "left out" list runs to hundreds of rows, most of the page's elements.

import { useState } from 'hono/jsx/dom';
import type { Child } from 'hono/jsx';

export interface Column<T> {
  key: string;
  label: string;
  value: (row: T) => string | number | null;
  render?: (row: T) => Child;
  numeric?: boolean;
}

const FIRST_ROWS = 100;

export function SortableTable<T>({ rows, columns, caption, initial, limit = FIRST_ROWS }: { rows: readonly T[]; columns: Column<T>[]; caption: string; initial?: { key: string; descending: boolean }; limit?: number }) {
  const [sort, setSort] = useState(initial ?? null);
  const [whole, setWhole] = useState(false);
  const column = sort ? columns.find((entry) => entry.key === sort.key) : undefined;
  const sorted = column ? [...rows].sort((a, b) => compare(column.value(a), column.value(b)) * (sort!.descending ? -1 : 1)) : rows;
  const shown = whole || sorted.length <= limit ? sorted : sorted.slice(0, limit);
  return (
    <div class="table-wrap" role="region" aria-label={caption} tabindex={0}>
      <table class="data">
        <caption>{`${caption} (${rows.length})`}</caption>
        <thead>
          <tr>
            {columns.map((entry) => {
              const active = sort?.key === entry.key;
              return (
                <th scope="col" aria-sort={active ? (sort!.descending ? 'descending' : 'ascending') : undefined} class={entry.numeric ? 'num' : undefined}>
                  <button type="button" class="sort" onClick={() => setSort({ key: entry.key, descending: active ? !sort!.descending : !!entry.numeric })}>
                    {entry.label}
                    <span aria-hidden="true">{active ? (sort!.descending ? ' ▼' : ' ▲') : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr>
              {columns.map((entry) => (
                <td class={entry.numeric ? 'num' : undefined}>{entry.render ? entry.render(row) : display(entry.value(row))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length < sorted.length ? (
        <p class="more">
          <button type="button" class="secondary" onClick={() => setWhole(true)}>{`Show all ${sorted.length} rows`}</button>
          <span class="muted">{` the first ${shown.length} are shown`}</span>
        </p>
      ) : null}
    </div>
  );
}

function display(value: string | number | null): Child {
  if (value === null) return '—';
  return typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : breakable(value);
}

/**
 * A path or a key (`shop/cart.py::Cart.total`) with places to break a line after each `/`,
 * `::` and `.`: cells break words only there, so a column of short words ("precision",
 * "dropped") is never cut mid-word to make room for a long path.
 */
export function breakable(text: string): Child {
  if (text.includes(' ') || text.length < 16) return text;
  const parts = text.split(/(?<=\/|::|\.)/);
  return parts.flatMap((part, index) => (index === 0 ? [part] : [<wbr />, part]));
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

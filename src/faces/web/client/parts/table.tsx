// A table that sorts by any column (a button in each header; aria-sort says which) and is
// filtered by the view around it. Cells are text; a column may render its own element.

import { useState } from 'hono/jsx/dom';
import type { Child } from 'hono/jsx';

export interface Column<T> {
  key: string;
  label: string;
  value: (row: T) => string | number | null;
  render?: (row: T) => Child;
  numeric?: boolean;
}

export function SortableTable<T>({ rows, columns, caption, initial }: { rows: readonly T[]; columns: Column<T>[]; caption: string; initial?: { key: string; descending: boolean } }) {
  const [sort, setSort] = useState(initial ?? null);
  const column = sort ? columns.find((entry) => entry.key === sort.key) : undefined;
  const sorted = column ? [...rows].sort((a, b) => compare(column.value(a), column.value(b)) * (sort!.descending ? -1 : 1)) : rows;
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
          {sorted.map((row) => (
            <tr>
              {columns.map((entry) => (
                <td class={entry.numeric ? 'num' : undefined}>{entry.render ? entry.render(row) : display(entry.value(row))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function display(value: string | number | null): string {
  if (value === null) return '—';
  return typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : value;
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

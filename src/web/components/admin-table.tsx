import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

export type AdminColumn<T> = {
  /** Unique within the table. */
  key: string;
  /** The column heading; wrap it in `sr-only` for a column of buttons or icons. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for the heading and its cells alike (alignment). */
  className?: string;
  /** Classes for the cells only (weight, colour, wrapping). */
  cellClassName?: string;
};

const heads = {
  navy: 'bg-navy-50 text-xs uppercase tracking-wide text-navy-800',
  plain: 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500',
};

/**
 * The table of an admin list screen: column headings with `scope="col"`, an optional caption for
 * screen readers, one row per item, and `empty` in place of the table when there are none. A table
 * wider than the screen scrolls inside its box, which is focusable and named by `label`.
 */
export function AdminTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  label,
  empty,
  head = 'navy',
  cellClassName = 'px-4 py-3',
  className = 'overflow-x-auto rounded-2xl border border-slate-200 bg-white',
  tableClassName,
}: {
  columns: AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Attributes for a row: its accessible name, hover colour, alignment. */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  caption?: string;
  /** Names the scrolling box, which can then be focused and scrolled by keyboard. */
  label?: string;
  /** Shown instead of the table when there are no rows (without it, the headings stand alone). */
  empty?: ReactNode;
  head?: keyof typeof heads;
  /** Padding of every heading and cell. */
  cellClassName?: string;
  /** Classes of the box around the table. */
  className?: string;
  tableClassName?: string;
}) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const region = label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return (
    <div className={className} {...region}>
      <table className={cn('w-full text-left text-sm', tableClassName)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={heads[head]}>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn(cellClassName, c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <td key={c.key} className={cn(cellClassName, c.className, c.cellClassName)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

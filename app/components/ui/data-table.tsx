// A back-office table in a scrolling region of its own (ScrollRegion): its head, from a list of columns, and the
// rows its screen renders. `dense` is the tighter spacing of a table inside a card beside other content.
import type * as React from "react";
import { ScrollRegion } from "./scroll-region";

export interface Column {
  key: string;
  label: React.ReactNode;
  /** A count or amount, aligned right. */
  numeric?: boolean;
}

export function DataTable({
  label,
  columns,
  dense = false,
  className = "overflow-x-auto",
  after,
  children,
}: {
  /** The region's name for assistive technology. */
  label: string;
  columns: readonly Column[];
  dense?: boolean;
  className?: string;
  /** Below the table, inside its region (a note on what it leaves out). */
  after?: React.ReactNode;
  /** The rows (`tr`). */
  children: React.ReactNode;
}) {
  const cell = dense ? "px-3 py-2" : "px-4 py-3";
  return (
    <ScrollRegion label={label} className={className}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`${cell} font-semibold${column.numeric ? " text-right" : ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </ScrollRegion>
  );
}

// One row of a back-office list (API keys, redirects, 404s): what it is, then its actions, side by side from the
// small breakpoint and stacked below it; marked busy while an action on it is under way.
import type * as React from "react";

export function ListRow({
  busy,
  testId,
  actions,
  children,
}: {
  busy?: boolean;
  testId: string;
  actions: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li
      className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {children}
      {actions}
    </li>
  );
}

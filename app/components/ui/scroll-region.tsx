// A named region that scrolls (a wide or long table) and takes keyboard focus, so it can be scrolled without a
// mouse (axe: scrollable-region-focusable).
import type * as React from "react";

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={className}
    >
      {children}
    </section>
  );
}

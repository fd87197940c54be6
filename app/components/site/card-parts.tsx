// The pieces every content card is built from (blog and academy cards): the clickable shell, the cover image
// (or a soft gradient when there is none) and the title whose link covers the whole card.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

export function CardShell({
  className,
  testId,
  children,
}: {
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600",
        className,
      )}
      data-testid={testId}
    >
      {children}
    </article>
  );
}

/**
 * The cover: decorative (the title says what the card is), lazy unless the card is the first thing seen, which
 * is then loaded first (it is the page's largest picture, what the page waits for before loading its scripts).
 */
export function CardCover({
  src,
  eager = false,
  width,
  height,
  className,
}: {
  src: string | null;
  eager?: boolean;
  width: number;
  height: number;
  className?: string;
}) {
  return src ? (
    <img
      src={src}
      alt=""
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      width={width}
      height={height}
      className={cn("aspect-video w-full bg-slate-100 object-cover", className)}
    />
  ) : (
    <div
      aria-hidden="true"
      className={cn("aspect-video w-full bg-gradient-to-br from-brand-100 via-brand-50 to-white", className)}
    />
  );
}

export function CardTitle({
  level,
  to,
  className,
  children,
}: {
  level: 2 | 3;
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const Heading = `h${level}` as "h2" | "h3";
  return (
    <Heading className={cn("mt-3 font-bold tracking-tight text-slate-900", className)}>
      {/* The whole card is clickable through this link's ::after; the link text stays the title. */}
      <Link
        to={to}
        className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none"
      >
        {children}
      </Link>
    </Heading>
  );
}

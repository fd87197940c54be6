// The pieces every content card is built from (blog and academy cards): the clickable shell, the cover image
// (or a soft gradient when there is none) and the title whose link covers the whole card.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/site/responsive-image";
import type { PublicImage } from "~/lib/media";
import { cn } from "~/lib/utils";

/**
 * How wide a card's cover is drawn in the one-to-three column grid (CardGrid) inside the page's padding: a third of
 * the 1280 px page, a third or half of the viewport, or all of it.
 */
const CARD_SIZES =
  "(min-width: 1280px) 384px, (min-width: 1024px) calc((100vw - 8rem) / 3), (min-width: 640px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)";

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
 * is then loaded first (it is the page's largest picture, what the page waits for before loading its scripts). A
 * library image comes from its responsive copies (ResponsiveImage).
 */
export function CardCover({
  src,
  image,
  eager = false,
  width,
  height,
  sizes = CARD_SIZES,
  className,
}: {
  src: string | null;
  image?: PublicImage | null;
  eager?: boolean;
  width: number;
  height: number;
  sizes?: string;
  className?: string;
}) {
  return src ? (
    <ResponsiveImage
      src={src}
      image={image}
      decorative
      priority={eager}
      width={width}
      height={height}
      sizes={sizes}
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

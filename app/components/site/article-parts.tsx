// The frame shared by the blog post and the academy item pages (and the card grids of their list pages):
// breadcrumb trail, back link, card grid and the related-items section.
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

const crumbLink = "inline-flex min-h-6 items-center hover:text-slate-900 hover:underline";

/** Home / section / this page, the visible twin of the BreadcrumbList JSON-LD. */
export function Breadcrumbs({
  section,
  current,
}: {
  section: { to: string; label: string };
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className={crumbLink}>
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={section.to} className={crumbLink}>
            {section.label}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="line-clamp-1 font-medium text-slate-800">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** "Back to Blog", "Back to Academy". */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-10 items-center gap-2 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The one-to-three column grid of cards. */
export function CardGrid({ className = "mt-8", children }: { className?: string; children: ReactNode }) {
  return <div className={`${className} grid gap-8 sm:grid-cols-2 lg:grid-cols-3`}>{children}</div>;
}

/** A titled section of cards ("Latest Articles", "Related Content"). */
export function CardSection({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      <CardGrid>{children}</CardGrid>
    </section>
  );
}

/** The related items under an article; nothing when there are none. */
export function RelatedSection({ heading, children }: { heading: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <CardSection id="related-heading" heading={heading} className="mt-20 border-t border-slate-200 pt-12">
      {children}
    </CardSection>
  );
}

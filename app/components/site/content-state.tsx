import { type LucideIcon, Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** A centred message for empty, not-found and error states of the public content pages. */
export function ContentState({
  icon: Icon,
  title,
  headingLevel = 2,
  children,
  role,
  className,
}: {
  icon?: LucideIcon;
  title: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
  /** "alert" for failures, so assistive technology announces them. */
  role?: "alert" | "status";
  className?: string;
}) {
  const Heading = `h${headingLevel}` as "h1" | "h2";
  return (
    <div
      role={role}
      className={cn(
        "mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center",
        className,
      )}
    >
      {Icon ? <Icon className="size-10 text-brand-600" aria-hidden="true" /> : null}
      <Heading className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</Heading>
      <div className="mt-3 flex flex-col items-center gap-4 text-slate-600">{children}</div>
    </div>
  );
}

/** The polite notice the blog pages show (with status 404) while the blog is switched off in the settings. */
export function BlogUnavailable() {
  return (
    <ContentState icon={Newspaper} title="The blog is not available" headingLevel={1}>
      <p>Our blog is currently unavailable. Please check back later.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </ContentState>
  );
}

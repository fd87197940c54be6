// Pieces the block renderers share: section headings, buttons that are links, the sign-up link or the demo dialog.
// Part of the landing page's first load: clsx and buttonVariants only, no cn, zod or Radix (ADR 011).
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useState } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import type { ContactTexts, DialogTexts } from "~/lib/builtin-forms";

/**
 * What blocks read from the site besides their own fields (the server's static render passes it explicitly): among
 * them the texts of the site's own forms (Forms), data rather than code: the demo dialog's, and the contact form's on
 * a page that has its block. The newsletter sign-up reads its texts from the root's data, as the footer's does.
 */
export interface BlockSite {
  signupUrl: string;
  newsletterEnabled: boolean;
  dialog?: DialogTexts;
  contact?: ContactTexts;
}
export const BlockSiteContext = createContext<BlockSite>({ signupUrl: "#", newsletterEnabled: false });

// The demo dialog (Radix) is not part of the page's first JavaScript: it loads when its button is first hovered,
// focused or clicked. Should it fail to load (offline, a new release), the button does what it does without
// JavaScript: it goes to the contact page.
const loadContactDialog = () => import("~/components/site/contact-dialog");
const ContactDialog = lazy(() =>
  loadContactDialog().then(
    (m) => ({ default: m.ContactDialog }),
    () => {
      window.location.assign("/contact");
      return new Promise<never>(() => {});
    },
  ),
);
const preloadContactDialog = () => void loadContactDialog().catch(() => {});

export interface BlockAction {
  label: string;
  kind: "link" | "signup" | "demo";
  href?: string;
}

/** A section's title; `className` sets its colour (and alignment). */
export function SectionHeading({
  id,
  className = "text-slate-900",
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className={`text-3xl font-bold tracking-tight sm:text-4xl ${className}`}>
      {children}
    </h2>
  );
}

/**
 * A link of a block. Its address passed the block's schema on save and again on read (links.ts: site paths,
 * http(s), mailto:, tel:), so it is rendered as it is. A plain link, also for site paths: most blocks are rendered
 * to static HTML on the server (no router there), and a page-to-page click is a fresh, cached document anyway.
 */
export function BlockLink({
  href,
  className,
  children,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
}) {
  return (
    <a href={href} className={className} {...rest}>
      {children}
    </a>
  );
}

function SignupLink({ children, className }: { children: ReactNode; className?: string }) {
  const { signupUrl } = useContext(BlockSiteContext);
  return (
    <a href={signupUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The demo button: without JavaScript a link to the contact page; once hydrated, a button opening the demo dialog.
 * Its own component, so that becoming a button after hydration re-renders this button, not the whole page.
 */
function RequestDemo({ label, className, source }: { label: string; className: string; source: string }) {
  const { dialog } = useContext(BlockSiteContext);
  const [demoOpen, setDemoOpen] = useState(false);
  // Mounted from the first opening on, so that closing it runs normally (focus back to the button).
  const [demoMounted, setDemoMounted] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Without JavaScript (or without the dialog's texts in the page's data): the contact page.
  if (!hydrated || !dialog) {
    return (
      <a href="/contact" className={className}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setDemoMounted(true);
          setDemoOpen(true);
        }}
        onPointerEnter={preloadContactDialog}
        onFocus={preloadContactDialog}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      {demoMounted ? (
        <Suspense fallback={null}>
          <ContactDialog
            open={demoOpen}
            onOpenChange={setDemoOpen}
            purpose="demo_request"
            sourceSection={source}
            texts={dialog}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A block's button, whatever it does. `source` names the section for the demo dialog's lead attribution. */
export function ActionButton({
  action,
  className,
  source,
}: {
  action: BlockAction;
  className: string;
  source: string;
}) {
  if (action.kind === "signup") return <SignupLink className={className}>{action.label}</SignupLink>;
  if (action.kind === "demo")
    return <RequestDemo label={action.label} className={className} source={source} />;
  return (
    <BlockLink href={action.href ?? "/"} className={className}>
      {action.label}
    </BlockLink>
  );
}

export { buttonVariants };

/** Items with React keys made from their content ("Pro", "Pro#2" for a repeat), so no key is a bare index. */
export function withKeys<T>(items: readonly T[], pick: (item: T) => string): Array<{ key: string; item: T }> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = pick(item);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: n === 1 ? base : `${base}#${n}`, item };
  });
}

// What a preview link adds to the public page (docs/product.md, Preview links): the banner above the item, and the
// page shown when the link does not work.
import { Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { ContentState } from "~/components/site/content-state";

export function PreviewBanner({ state, expires }: { state: string; expires: string }) {
  return (
    <p
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="preview-banner"
    >
      <strong className="mr-2 rounded bg-amber-200 px-2 py-0.5 font-semibold uppercase tracking-wide">
        Preview
      </strong>
      {state}. {expires}
    </p>
  );
}

/** A preview link that does not work (any more), or an address that tried too many: title and explanation. */
const PREVIEW_ERRORS: Record<string, { title: string; text: string }> = {
  "preview-gone": {
    title: "This preview link has expired",
    text: "The link has expired or was revoked. Ask the person who shared it for a new one.",
  },
  "preview-limited": {
    title: "Too many preview attempts",
    text: "Too many preview links that do not work were opened from your address. Please try again later.",
  },
  "preview-unknown": {
    title: "Preview Not Found",
    text: "This preview link does not exist. Check that you copied all of it.",
  },
};

/** The page title of a preview error (undefined when `reason` is not one). */
export function previewErrorTitle(reason: string): string | undefined {
  return PREVIEW_ERRORS[reason]?.title;
}

/** The page of a preview error; undefined when `reason` is not one, so the route shows its own. */
export function PreviewUnavailable({ reason, children }: { reason: string; children?: ReactNode }) {
  const error = PREVIEW_ERRORS[reason];
  if (!error) return null;
  return (
    <ContentState icon={Link2Off} title={error.title} headingLevel={1}>
      <p>{error.text}</p>
      {children}
    </ContentState>
  );
}

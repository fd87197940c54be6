// A preview link's request, for the public page modules that serve /preview/<kind>/<token> (docs/product.md,
// Preview links): the item the token opens with the banner's texts, or the error answer to throw (404 unknown or
// its kind switched off in Settings, 410 expired or revoked, 429 too many failed tokens), all with the preview
// headers (no-store, noindex).
import { data } from "react-router";
import { env } from "~/env.server";
import type { ItemKind } from "~/lib/content-enums";
import { PREVIEW_HEADERS } from "~/lib/preview";
import { formatInZone } from "~/lib/site-time";
import { isBlogEnabled } from "~/models/blog.server";
import { openPreview } from "~/models/preview-links.server";
import { isScheduled } from "~/models/published.server";

/** What the preview banner says, written on the server so the page hydrates with the same text. */
export interface PreviewBannerText {
  state: string;
  expires: string;
}

/** Why a preview answer is an error page: the routes' error boundaries read it. */
export type PreviewErrorReason = "preview-unknown" | "preview-gone" | "preview-limited";

const NOUN: Record<ItemKind, string> = { blog: "post", academy: "lesson", page: "page" };

/**
 * Whether the site shows the kind at all (Settings): while it is switched off, its public pages answer 404 and so
 * do its previews. The academy and pages have no switch.
 */
const KIND_SHOWN: Record<ItemKind, () => Promise<boolean>> = {
  blog: isBlogEnabled,
  academy: async () => true,
  page: async () => true,
};

export async function openPreviewPage<K extends ItemKind>(kind: K, token: string, ip: string) {
  if (!(await KIND_SHOWN[kind]())) {
    // The page's error boundary says the section is unavailable, as on its public pages.
    throw data({ reason: `${kind}-disabled` }, { status: 404, headers: PREVIEW_HEADERS });
  }
  const opening = await openPreview(kind, token, ip);
  if (opening.state === "limited") {
    throw data(
      { reason: "preview-limited" satisfies PreviewErrorReason },
      { status: 429, headers: { ...PREVIEW_HEADERS, "Retry-After": String(opening.retryAfter) } },
    );
  }
  if (opening.state !== "ok") {
    const reason: PreviewErrorReason = opening.state === "gone" ? "preview-gone" : "preview-unknown";
    throw data({ reason }, { status: opening.state === "gone" ? 410 : 404, headers: PREVIEW_HEADERS });
  }
  const zone = env().siteTimeZone;
  const at = (date: Date) => `${formatInZone(date, zone)} (${zone})`;
  const { item } = opening;
  const noun = NOUN[kind];
  const state =
    item.publishedAt && isScheduled(item)
      ? `This ${noun} is scheduled for ${at(item.publishedAt)}`
      : item.status === "published"
        ? `This ${noun} is published`
        : `This ${noun} is ${item.status === "archived" ? "archived" : "a draft"} and not public`;
  const banner: PreviewBannerText = { state, expires: `This link works until ${at(opening.expiresAt)}.` };
  return { item, banner };
}

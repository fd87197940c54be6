// Where a preview link points (docs/product.md, Preview links): the public page's own route module under
// /preview/<kind>/<token>, never cached and never indexed. Browser-safe.
import type { ItemKind } from "./content-enums";

const PREVIEW_PREFIX = "/preview/";

export function previewPath(kind: ItemKind, token: string): string {
  return `${PREVIEW_PREFIX}${kind}/${token}`;
}

/**
 * A link just made, as the back office receives it. Its address is in this answer only: the server keeps a hash of
 * the token, so the link cannot be shown again.
 */
export interface CreatedLink {
  id: string;
  url: string;
  expiresAt: string;
}

/** The headers of every preview answer, the page and its errors alike. */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;

/**
 * A page module's `headers` for an answer that may be a preview: a preview's own headers (page or error page) when
 * it is one, else `otherwise` (the public page's).
 */
export function previewHeadersOr(
  args: { loaderHeaders: Headers; errorHeaders?: Headers },
  otherwise: HeadersInit = {},
): HeadersInit {
  const own = args.errorHeaders ?? args.loaderHeaders;
  return own.has("X-Robots-Tag") ? own : otherwise;
}

// A built form on another website (ADR 058): the sites a form lists (each an origin: scheme, host and optional
// port), checked by the same rules in the editor and on the server; where the embedded form and the loader script
// live and the snippet a marketer pastes; the messages the embedded form sends to the page around it; and the
// embedding page a browser reports, kept only when it is on a listed site. Browser-safe.
import { safeText } from "../safe-text";

/** How many sites one form may list. */
export const MAX_ALLOWED_ORIGINS = 20;

/** Everything under this path is the embedding machinery (app/routes.ts, app/lib/non-page-paths.ts). */
export const EMBED_PREFIX = "/embed/";
/** The loader script a site includes (app/lib/form-builder/embed-loader.js). */
export const EMBED_SCRIPT_PATH = "/embed/forms.js";
/** The page that shows form `formId` alone, for a frame on another site. */
export const embedPath = (formId: string) => `/embed/forms/${formId}`;

/** The section an embedded form's submissions name (their source_section): its plain post stays in the frame. */
export const EMBED_SECTION = "embed";

/** Whether a path (as the router matches it, lower case) is the embedding machinery's. */
export const isEmbedPath = (path: string) => path.startsWith(EMBED_PREFIX);

/**
 * What the embedded form posts to the page around it; the loader script checks that a message comes from our
 * origin and from its own frame before it acts (embed-loader.js spells the same two names).
 */
export const EMBED_MESSAGES = { height: "asimov:form-height", redirect: "asimov:form-redirect" } as const;

const EXAMPLE = "like https://partner.example or http://localhost:4000";

export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * A site's address as typed ("https://Partner.example/", "http://localhost:4000") as the origin browsers send
 * ("https://partner.example"), or why it is not one: another scheme, a path, a query, a user name, a wildcard.
 */
export function parseOrigin(input: string): OriginCheck {
  const text = input.trim();
  const refuse = (message: string): OriginCheck => ({ ok: false, message });
  if (text.includes("*"))
    return refuse(`${text}: list each site on its own, without wildcards (${EXAMPLE}).`);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return refuse(`${text}: start with https:// (or http:// for a test site), ${EXAMPLE}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(`${text} is not a site's address: write it ${EXAMPLE}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return refuse(`${text}: a site's address starts with https:// (or http:// for a test site).`);
  if (url.username || url.password) return refuse(`${text}: leave out the user name and password.`);
  // "https://partner.example/" is the site itself; a further path, a query or a fragment names a page.
  if (url.pathname !== "/" || url.search || url.hash || /[?#]/.test(text))
    return refuse(`${text} names a page: enter only the scheme, host and optional port, ${EXAMPLE}.`);
  return { ok: true, origin: url.origin };
}

/** Whether `origin` (an Origin header, or a page's origin) is one of the listed sites. */
export function originListed(origin: string, allowed: readonly string[]): boolean {
  const checked = parseOrigin(origin);
  return checked.ok && allowed.includes(checked.origin);
}

/**
 * The embedding page a browser reported (an absolute address) as a submission stores it: scheme, host, path and
 * query, when it is on one of the form's listed sites; null otherwise (then the embed page's own path counts).
 */
export function embeddingPage(value: unknown, allowed: readonly string[]): string | null {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (!allowed.includes(url.origin)) return null;
    return safeText(url.origin + url.pathname + url.search, 500);
  } catch {
    return null;
  }
}

/**
 * What the embedded page knows of the page around it: the address the loader script put after `#page=` in the
 * frame's address, believed only when its origin is the one the browser names as the frame's parent
 * (`location.ancestorOrigins`, where the browser has it). The server keeps it only for a listed site.
 */
export function hostPage(
  hash: string,
  ancestorOrigin: string | undefined,
): { page: string; origin: string } | null {
  const given = new URLSearchParams(hash.replace(/^#/, "")).get("page");
  if (!given) return null;
  try {
    const url = new URL(given);
    if (!/^https?:$/.test(url.protocol)) return null;
    if (ancestorOrigin && url.origin !== ancestorOrigin) return null;
    return { page: url.origin + url.pathname + url.search, origin: url.origin };
  } catch {
    return null;
  }
}

/**
 * The snippet a marketer pastes where the form goes: the loader script (which puts the form there in a frame that
 * grows with it) and, for browsers without JavaScript, the frame itself. `base` is the site's public address.
 */
export function embedSnippet(base: string, formId: string): string {
  const origin = new URL(base).origin;
  return [
    `<script src="${origin}${EMBED_SCRIPT_PATH}" data-form="${formId}" data-title="Form" async></script>`,
    `<noscript><iframe src="${origin}${embedPath(formId)}" title="Form" style="width:100%;height:900px;border:0"></iframe></noscript>`,
  ].join("\n");
}

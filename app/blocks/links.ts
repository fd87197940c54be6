// Which links a block may hold (browser-safe: the schemas and the renderers both ask). A block's link is an
// http(s) URL, a mailto: or tel: address, or a path of this site ("/pricing", "/#features"); anything else —
// javascript:, data:, protocol-relative "//host" — is refused on save and never rendered as a link.

const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

export function isSafeHref(href: string): boolean {
  if (SITE_PATH.test(href)) return true;
  if (/^(mailto|tel):[^\s]+$/i.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A path of this site (rendered as a router link), as opposed to an address elsewhere. */
export const isSitePath = (href: string) => SITE_PATH.test(href);

export const LINK_RULE = "Use a site path (/pricing), an http(s) address, mailto: or tel:.";

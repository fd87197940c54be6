// Small helpers shared by the XML resource routes (sitemap, RSS).

/** Escapes text for an XML element or attribute. */
export function xmlEscape(value: string): string {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Characters XML 1.0 does not allow at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
  );
}

/** Crawlers and feed readers may cache these briefly; content writes show up within minutes. */
export const FEED_CACHE_CONTROL = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";

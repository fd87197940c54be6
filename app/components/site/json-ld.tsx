import { jsonLdString } from "~/lib/json-ld-string";
import type { JsonLd as JsonLdData } from "~/lib/seo";

/** Structured data for crawlers. A data block, not a script: it never runs, so it needs no CSP nonce. */
export function JsonLd({ data }: { data: JsonLdData | readonly JsonLdData[] }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonLdString, never executed
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />;
}

// JSON-LD as the text of an inline script element. Its own module so pages whose JSON-LD is built on the server
// (the Organization, in the site layout's loader) do not bring the builders into the browser.
import type { JsonLd } from "./seo";

/** JSON for an inline <script type="application/ld+json">: "<" escaped so the text cannot close the tag. */
export function jsonLdString(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

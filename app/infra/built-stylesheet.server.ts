// The text of a stylesheet of the client build, for inlining into documents (components/ui/stylesheet.tsx).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The server bundle is build/server/index.js and the browser's files are in build/client. Under Vite's dev server
// (or in tests) this module is app/lib and no such folder exists: the stylesheet is then linked, not inlined.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
const cache = new Map<string, string | undefined>();

/** The built file behind `href` (a `/assets/…css` URL), read once; undefined when there is none. */
export function builtStylesheet(href: string): string | undefined {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
  if (!cache.has(href)) {
    try {
      cache.set(href, readFileSync(path.join(clientDir, href), "utf8"));
    } catch {
      cache.set(href, undefined);
    }
  }
  return cache.get(href);
}

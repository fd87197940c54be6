import { describe, expect, it } from "vitest";
import { HELD_SCRIPT_TYPE, holdScriptsUntilPainted } from "./paint-first.server";

// The shape React Router and React write: module preloads hoisted into the head, then at the end of the body the
// context script and the inline module script that imports the routes and starts the client entry.
const NONCE = "n0nce+/=";
const page = [
  "<!DOCTYPE html><html><head>",
  '<meta charSet="utf-8"/>',
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  '<style data-href="/assets/app-C.css">body{color:red}</style>',
  "</head><body><main>Hello</main>",
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-B.js";`,
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-A.js");</script>',
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("x");</script>`,
  "</body></html>",
].join("");

describe("holdScriptsUntilPainted", () => {
  const out = holdScriptsUntilPainted(page, NONCE);

  it("takes the module preloads out of the document", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<style data-href="/assets/app-C.css">body{color:red}</style>');
  });

  it("holds React Router's module script back, unchanged but for its type", () => {
    expect(out).toContain(
      `<script nonce="${NONCE}" type="${HELD_SCRIPT_TYPE}" async="">import * as route0 from "/assets/root-B.js";`,
    );
    expect(out).not.toMatch(/type="module"/);
  });

  it("adds the starter right after it, with the request's nonce and each module once", () => {
    const held = out.indexOf(`type="${HELD_SCRIPT_TYPE}"`);
    const starter = out.indexOf(`<script nonce="${NONCE}">(function startAfterPaint(`);
    const loaderData = out.indexOf("streamController.enqueue");
    expect(held).toBeGreaterThan(0);
    expect(starter).toBeGreaterThan(held);
    expect(loaderData).toBeGreaterThan(starter);
    expect(out).toContain(
      `})(["/assets/entry.client-A.js","/assets/root-B.js"],"${HELD_SCRIPT_TYPE}",3000)</script>`,
    );
  });

  it("leaves everything else as it was", () => {
    const back = out
      .replace(/<script nonce="[^"]*">\(function startAfterPaint[\s\S]*?<\/script>/, "")
      .replace(`type="${HELD_SCRIPT_TYPE}"`, 'type="module"');
    expect(back).toBe(page.replace(/<link rel="modulepreload"[^>]*\/>/g, ""));
  });

  it("returns a document without React Router's module script as it is", () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(holdScriptsUntilPainted(plain, NONCE)).toBe(plain);
  });
});

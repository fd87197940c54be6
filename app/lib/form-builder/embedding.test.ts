// The sites a form may be embedded on, as people type them: each read as the origin a browser sends, or refused
// with a message that names the entry and says what to write; the embedding page a browser reports, kept only on a
// listed site; the snippet; and the loader script speaking the same messages as the embedded page.
import { describe, expect, it } from "vitest";
import loaderScript from "./embed-loader.js?raw";
import {
  EMBED_MESSAGES,
  EMBED_SCRIPT_PATH,
  embeddingPage,
  embedPath,
  embedSnippet,
  hostPage,
  originListed,
  parseOrigin,
} from "./embedding";

describe("a site's address", () => {
  it("is read as the origin browsers send: scheme and host in lower case, a default port left out", () => {
    expect(parseOrigin("https://partner.example")).toEqual({ ok: true, origin: "https://partner.example" });
    expect(parseOrigin("  HTTPS://Partner.Example/ ")).toEqual({
      ok: true,
      origin: "https://partner.example",
    });
    expect(parseOrigin("https://partner.example:443")).toEqual({
      ok: true,
      origin: "https://partner.example",
    });
    expect(parseOrigin("http://localhost:4000")).toEqual({ ok: true, origin: "http://localhost:4000" });
    expect(parseOrigin("http://127.0.0.1:8080/")).toEqual({ ok: true, origin: "http://127.0.0.1:8080" });
    expect(parseOrigin("https://bücher.example")).toEqual({
      ok: true,
      origin: "https://xn--bcher-kva.example",
    });
  });

  it("is refused with a message naming the entry when it is a page, another scheme, a pattern or no address", () => {
    const refused = (text: string) => {
      const checked = parseOrigin(text);
      return checked.ok ? "accepted" : checked.message;
    };
    expect(refused("https://partner.example/landing")).toBe(
      "https://partner.example/landing names a page: enter only the scheme, host and optional port, like https://partner.example or http://localhost:4000.",
    );
    expect(refused("https://partner.example/?utm=x")).toMatch(/names a page/);
    expect(refused("https://partner.example?")).toMatch(/names a page/);
    expect(refused("https://partner.example#form")).toMatch(/names a page/);
    expect(refused("partner.example")).toBe(
      "partner.example: start with https:// (or http:// for a test site), like https://partner.example or http://localhost:4000.",
    );
    expect(refused("ftp://partner.example")).toBe(
      "ftp://partner.example: a site's address starts with https:// (or http:// for a test site).",
    );
    expect(refused("https://*.partner.example")).toMatch(/without wildcards/);
    expect(refused("https://ada:secret@partner.example")).toBe(
      "https://ada:secret@partner.example: leave out the user name and password.",
    );
    expect(refused("https://partner.example:99999")).toMatch(/is not a site's address/);
    expect(refused("null")).toMatch(/start with https:\/\//);
  });

  it("is listed whatever the letter case of the header, never by a prefix or a look-alike", () => {
    const allowed = ["https://partner.example", "http://localhost:4000"];
    expect(originListed("https://partner.example", allowed)).toBe(true);
    expect(originListed("https://PARTNER.example", allowed)).toBe(true);
    expect(originListed("http://partner.example", allowed)).toBe(false);
    expect(originListed("https://partner.example.evil.example", allowed)).toBe(false);
    expect(originListed("https://evil.example", allowed)).toBe(false);
    expect(originListed("http://localhost:4001", allowed)).toBe(false);
    expect(originListed("null", allowed)).toBe(false);
  });
});

describe("the page around an embedded form", () => {
  const allowed = ["https://partner.example"];

  it("is kept, without its fragment, only on a listed site", () => {
    expect(embeddingPage("https://partner.example/events/launch?ref=mail#top", allowed)).toBe(
      "https://partner.example/events/launch?ref=mail",
    );
    expect(embeddingPage("https://elsewhere.example/events", allowed)).toBeNull();
    expect(embeddingPage("/lp/webinar", allowed)).toBeNull();
    expect(embeddingPage("javascript:alert(1)", allowed)).toBeNull();
    expect(embeddingPage(undefined, allowed)).toBeNull();
  });

  it("is believed by the embedded page only when the browser names the same parent", () => {
    const hash = `#page=${encodeURIComponent("https://partner.example/launch?x=1#part")}`;
    expect(hostPage(hash, "https://partner.example")).toEqual({
      page: "https://partner.example/launch?x=1",
      origin: "https://partner.example",
    });
    // Browsers without location.ancestorOrigins: the server still keeps it only for a listed site.
    expect(hostPage(hash, undefined)?.origin).toBe("https://partner.example");
    expect(hostPage(hash, "https://elsewhere.example")).toBeNull();
    expect(hostPage("", "https://partner.example")).toBeNull();
    expect(hostPage(`#page=${encodeURIComponent("javascript:alert(1)")}`, undefined)).toBeNull();
  });
});

describe("the snippet and its loader", () => {
  const id = "7d9c7a52-2f7e-4f6a-9a43-1c2b3d4e5f60";

  it("includes the loader for the form, and a plain frame for browsers without JavaScript", () => {
    const snippet = embedSnippet("https://site.example/", id);
    expect(snippet).toBe(
      `<script src="https://site.example/embed/forms.js" data-form="${id}" data-title="Form" async></script>\n` +
        `<noscript><iframe src="https://site.example/embed/forms/${id}" title="Form" style="width:100%;height:900px;border:0"></iframe></noscript>`,
    );
    expect(EMBED_SCRIPT_PATH).toBe("/embed/forms.js");
  });

  it("frames the embed page and acts on the two messages the embedded page sends", () => {
    expect(loaderScript).toContain(`\${base}${embedPath("")}`);
    expect(loaderScript).toContain(`data.type === "${EMBED_MESSAGES.height}"`);
    expect(loaderScript).toContain(`data.type === "${EMBED_MESSAGES.redirect}"`);
    expect(loaderScript).toContain("event.origin !== base || event.source !== frame.contentWindow");
  });
});

// Every block type: its editor's new block is valid, wrong input is refused with a message at the right field,
// and a stored block of an older or broken shape is left out on read instead of failing the page.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../tests/support/hostile-text";
import { BUILT_IN_PAGES } from "./built-in-pages";
import { isSafeHref } from "./links";
import { BLOCK_TYPES, BLOCKS, faqItems, MAX_BLOCKS, parsePageBlocks, readPageBlocks } from "./registry";
import type { BlockType } from "./types";

const fresh = (type: BlockType, id: string = type) => ({ id, type, ...BLOCKS[type].editor.create() });

/** One wrong input per block type, and the field its message belongs to. */
const INVALID: Record<BlockType, { change: Record<string, unknown>; field: string }> = {
  hero: { change: { headline: "   " }, field: "headline" },
  features: { change: { items: [{ icon: "skull", title: "x", text: "y" }] }, field: "items.0.icon" },
  claims: { change: { items: [] }, field: "items" },
  testimonials: {
    change: { items: [{ quote: "q", name: "n", role: "r", rating: 9 }] },
    field: "items.0.rating",
  },
  pricing: {
    change: {
      plans: [{ name: "P", price: "$1", features: [], cta: { label: "Go", href: "javascript:alert(1)" } }],
    },
    field: "plans.0.cta.href",
  },
  faq: { change: { items: [{ question: "", answer: "a" }] }, field: "items.0.question" },
  cta: {
    change: { actions: [{ label: "Go", kind: "link", href: "//evil.example" }] },
    field: "actions.0.href",
  },
  "rich-text": { change: { blocks: [{ type: "script", data: {} }] }, field: "blocks" },
  media: { change: { kind: "video", url: "https://evil.example/v.mp4" }, field: "url" },
  logos: {
    change: { logos: [{ name: "A", image: "https://elsewhere.example/a.png" }] },
    field: "logos.0.image",
  },
  latest: { change: { count: 40 }, field: "count" },
  "contact-form": { change: { heading: "x".repeat(500) }, field: "heading" },
  form: { change: { formId: "not-a-form" }, field: "formId" },
  newsletter: { change: { heading: 42 }, field: "heading" },
};

describe("block schemas", () => {
  it.each(BLOCK_TYPES)("%s: a new block from the palette is valid", (type) => {
    const parsed = parsePageBlocks([fresh(type)]);
    if (type === "media" || type === "logos" || type === "form") {
      // These start empty on purpose: the editor asks for a file, a logo or a form before the page can be saved.
      expect(parsed.ok).toBe(false);
      return;
    }
    expect(parsed).toMatchObject({ ok: true, blocks: [{ id: type, type }] });
  });

  it.each(BLOCK_TYPES)("%s: invalid input is refused at its field", (type) => {
    const { change, field } = INVALID[type];
    const parsed = parsePageBlocks([{ ...fresh(type), ...change }]);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.errors)).toContain(`0.${field}`);
  });

  it("a media block holds a library file or an allowed video host, and an image needs its alt text", () => {
    const media = (fields: Record<string, unknown>) =>
      parsePageBlocks([{ id: "m", type: "media", ...fields }]);
    expect(media({ kind: "image", url: "/uploads/images/a.png", alt: "A chart" }).ok).toBe(true);
    // A path that steps out of the library is not a library file.
    for (const url of ["/uploads/../admin", "/uploads/./a.png", "/uploads//a.png", "/uploads/"])
      expect(media({ kind: "image", url, alt: "A chart" }).ok).toBe(false);
    expect(media({ kind: "image", url: "/uploads/images/a.png", alt: "" })).toMatchObject({
      ok: false,
      errors: { "0.alt": expect.any(String) },
    });
    expect(media({ kind: "video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }).ok).toBe(true);
    expect(media({ kind: "video", url: "https://youtube.com.evil.example/watch?v=x" }).ok).toBe(false);
  });

  it("texts are cleaned and trimmed; unknown types, repeated ids and a second contact form are refused", () => {
    const parsed = parsePageBlocks([{ ...fresh("faq"), heading: "  Questions\u0000  " }]);
    expect(parsed).toMatchObject({ ok: true, blocks: [{ heading: "Questions" }] });
    expect(parsePageBlocks([{ id: "x", type: "marquee" }])).toMatchObject({
      ok: false,
      errors: { "0": expect.any(String) },
    });
    expect(parsePageBlocks([fresh("faq", "a"), fresh("cta", "a")])).toMatchObject({
      ok: false,
      errors: { "1.id": expect.any(String) },
    });
    expect(parsePageBlocks([fresh("contact-form", "a"), fresh("contact-form", "b")])).toMatchObject({
      ok: false,
      errors: { form: expect.any(String) },
    });
    expect(parsePageBlocks("nope")).toMatchObject({ ok: false });
    expect(
      parsePageBlocks(Array.from({ length: MAX_BLOCKS + 1 }, (_, i) => fresh("faq", `f${i}`))),
    ).toMatchObject({
      ok: false,
    });
  });

  it("links are site paths, http(s), mailto: or tel: only", () => {
    for (const ok of [
      "/pricing",
      "/#features",
      "https://example.com/x",
      "mailto:a@b.example",
      "tel:+4912345",
    ])
      expect(isSafeHref(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example", "data:text/html,x", "/\\evil", "ftp://x", ""])
      expect(isSafeHref(bad), bad).toBe(false);
  });

  it("links and file addresses are cleaned of NUL and lone surrogates, which PostgreSQL cannot store", () => {
    const parsed = parsePageBlocks([
      {
        id: "c",
        type: "cta",
        heading: "Go",
        actions: [{ label: "Go", kind: "link", href: "/a\u0000b\ud800" }],
      },
      { id: "v", type: "media", kind: "video", url: "https://vimeo.com/1\u0000", caption: "" },
      {
        id: "l",
        type: "logos",
        logos: [{ name: "A", image: "/uploads/a.svg", href: "https://a.example/\udc00" }],
      },
    ]);
    expect(parsed.ok).toBe(true);
    const stored = JSON.stringify(parsed.ok ? parsed.blocks : null);
    expect(stored).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(stored).toContain('"href":"/ab\uFFFD"');
  });

  it("old shapes and broken blocks are left out on read, the rest is kept", () => {
    const { blocks, dropped } = readPageBlocks([
      fresh("faq", "ok"),
      { id: "old", type: "hero", title: "a hero from before headline existed" },
      { type: "gallery", images: [] },
      null,
      "text",
    ]);
    expect(blocks.map((b) => b.id)).toEqual(["ok"]);
    expect(dropped.map((d) => d.index)).toEqual([1, 2, 3, 4]);
    expect(readPageBlocks({ not: "a list" }).blocks).toEqual([]);
  });

  it("the built-in pages are valid pages, and the pricing FAQ becomes structured data", () => {
    for (const page of BUILT_IN_PAGES)
      expect(parsePageBlocks(page.blocks), page.path).toMatchObject({ ok: true });
    const pricing = BUILT_IN_PAGES.find((p) => p.path === "/pricing");
    expect(faqItems(pricing?.blocks ?? []).map((i) => i.question)).toContain("Is there a free trial?");
  });

  it("any input whatsoever is answered, never thrown, and what passes validates again unchanged", () => {
    const block = fc.record(
      {
        id: fc.oneof(fc.constant("b1"), hostileText([40])),
        type: fc.constantFrom(...BLOCK_TYPES, "other"),
        headline: hostileText([160]),
        heading: hostileText([160]),
        items: fc.array(fc.anything(), { maxLength: 3 }),
        actions: fc.array(fc.record({ label: hostileText([60]), kind: fc.string(), href: fc.string() }), {
          maxLength: 3,
        }),
        blocks: fc.anything(),
        url: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(block, fc.anything()), { maxLength: 4 }), (input) => {
        const parsed = parsePageBlocks(input);
        if (parsed.ok) expect(parsePageBlocks(JSON.parse(JSON.stringify(parsed.blocks)))).toEqual(parsed);
      }),
      { numRuns: 200 },
    );
  });
});

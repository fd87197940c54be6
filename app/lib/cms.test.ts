import { describe, expect, it } from "vitest";
import {
  ACADEMY_MESSAGES,
  BLOG_MESSAGES,
  blocksToDoc,
  blocksToText,
  defaultMetaTitle,
  docToBlocks,
  fitToLength,
  formatGrowth,
  growthRate,
  META_DESCRIPTION_LIMIT,
  META_TITLE_LIMIT,
  optimizeAcademyDescription,
  optimizeAcademySummary,
  optimizeBlogMeta,
  parseBody,
  publishedAtAfter,
  textToBlocks,
  toggledStatus,
} from "./cms";
import type { RichBlock } from "./content";

describe("status transitions", () => {
  it("toggles published to draft and anything else to published", () => {
    expect(toggledStatus("published")).toBe("draft");
    expect(toggledStatus("draft")).toBe("published");
    expect(toggledStatus("archived")).toBe("published");
  });

  const now = new Date("2025-03-01T10:00:00Z");
  const earlier = new Date("2024-01-01T00:00:00Z");
  it("sets published_at to now when publishing", () => {
    expect(publishedAtAfter({ status: "draft", publishedAt: null }, "published", now)).toEqual(now);
    expect(publishedAtAfter({ status: "archived", publishedAt: earlier }, "published", now)).toEqual(now);
    expect(publishedAtAfter(null, "published", now)).toEqual(now);
  });
  it("keeps the date of a post that stays published", () => {
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "published", now)).toEqual(
      earlier,
    );
    expect(publishedAtAfter({ status: "published", publishedAt: null }, "published", now)).toEqual(now);
  });
  it("clears published_at when drafting and keeps it when archiving", () => {
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "draft", now)).toBeNull();
    expect(publishedAtAfter(null, "draft", now)).toBeNull();
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "archived", now)).toEqual(earlier);
    expect(publishedAtAfter(null, "archived", now)).toBeNull();
  });
});

describe("meta title and AI Optimize templates", () => {
  it("defaults the meta title to the title plus the brand suffix", () => {
    expect(defaultMetaTitle("Hello")).toBe("Hello | Asimov");
    expect(defaultMetaTitle("  ")).toBe("");
  });

  it("fits text at a word boundary", () => {
    expect(fitToLength("short", 10)).toBe("short");
    expect(fitToLength("one two three four", 9)).toBe("one two");
    expect(fitToLength("a".repeat(50), 10)).toBe("a".repeat(10));
    expect(fitToLength("  spaced   out  ", 20)).toBe("spaced out");
  });

  it("blog: needs title and excerpt", () => {
    expect(() => optimizeBlogMeta({ title: "", excerpt: "x" })).toThrow(BLOG_MESSAGES.optimizeNeedsInput);
    expect(() => optimizeBlogMeta({ title: "x", excerpt: "   " })).toThrow(BLOG_MESSAGES.optimizeNeedsInput);
  });

  it("blog: meta title within 60 characters with the brand, description within 160", () => {
    const short = optimizeBlogMeta({ title: "Sales AI", excerpt: "How teams use AI." });
    expect(short.metaTitle).toBe("Sales AI | Asimov");
    expect(short.metaDescription.length).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
    expect(short.metaDescription).toContain("How teams use AI.");

    const long = optimizeBlogMeta({ title: "word ".repeat(5000), excerpt: "ünïcødé text ".repeat(5000) });
    expect(long.metaTitle.length).toBeLessThanOrEqual(META_TITLE_LIMIT);
    expect(long.metaTitle.endsWith(" | Asimov")).toBe(true);
    expect(long.metaDescription.length).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
    expect(long.metaDescription.startsWith("ünïcødé text")).toBe(true);
  });

  it("academy: built from title, category and difficulty; needs title and category", () => {
    const input = { title: "Pipeline Basics", category: "Sales", difficulty: "advanced" };
    expect(optimizeAcademyDescription(input)).toContain("Pipeline Basics");
    expect(optimizeAcademyDescription(input)).toContain("advanced-level Sales lesson");
    expect(optimizeAcademySummary(input)).toBe(
      "Master Pipeline Basics in this advanced Sales lesson with practical, actionable takeaways.",
    );
    expect(optimizeAcademySummary({ ...input, difficulty: "bogus" })).toContain("beginner");
    for (const bad of [
      { ...input, title: "" },
      { ...input, category: "  " },
    ]) {
      expect(() => optimizeAcademyDescription(bad)).toThrow(ACADEMY_MESSAGES.optimizeNeedsInput);
      expect(() => optimizeAcademySummary(bad)).toThrow(ACADEMY_MESSAGES.optimizeNeedsInput);
    }
    const long = optimizeAcademySummary({
      title: "x".repeat(10_000),
      category: "Ops",
      difficulty: "beginner",
    });
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
  });
});

describe("growth rate", () => {
  it.each([
    [10, 5, 100, "+100%"],
    [5, 10, -50, "-50%"],
    [7, 7, 0, "0%"],
    [3, 0, null, "New"],
    [0, 0, null, "0%"],
    [1, 3, -67, "-67%"],
  ])("%i vs %i", (now, before, rate, text) => {
    expect(growthRate(now, before)).toBe(rate);
    expect(formatGrowth(now, before)).toBe(text);
  });
});

const allFour: RichBlock[] = [
  { type: "header", data: { level: 2, text: "Why it matters" } },
  { type: "paragraph", data: { text: "Revenue teams need focus — and «unicode» 💡 works." } },
  { type: "list", data: { style: "unordered", items: ["One", "Two"] } },
  { type: "list", data: { style: "ordered", items: ["First", "Second"] } },
  { type: "quote", data: { text: "Measure twice.", caption: "A carpenter" } },
];

describe("body conversions", () => {
  it("round-trips all four block types through the editor document", () => {
    expect(docToBlocks(blocksToDoc(allFour))).toEqual(allFour);
  });

  it("gives the editor an empty paragraph for an empty body", () => {
    expect(blocksToDoc([])).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
    expect(docToBlocks({ type: "doc", content: [{ type: "paragraph" }] })).toEqual([]);
    expect(docToBlocks(null)).toEqual([]);
  });

  it("flattens nested list items and drops empty ones", () => {
    const doc = {
      type: "doc",
      content: [
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [
                { type: "paragraph", content: [{ type: "text", text: "Outer" }] },
                {
                  type: "orderedList",
                  content: [
                    {
                      type: "listItem",
                      content: [{ type: "paragraph", content: [{ type: "text", text: "Inner" }] }],
                    },
                  ],
                },
              ],
            },
            { type: "listItem", content: [{ type: "paragraph" }] },
          ],
        },
        { type: "heading", attrs: { level: 9 }, content: [{ type: "text", text: "H" }] },
        { type: "horizontalRule" },
      ],
    };
    expect(docToBlocks(doc)).toEqual([
      { type: "list", data: { style: "unordered", items: ["Outer", "Inner"] } },
      { type: "header", data: { level: 2, text: "H" } },
    ]);
  });

  it("round-trips the plain-text syntax used without JavaScript", () => {
    const withoutCaption = allFour.map((b) =>
      b.type === "quote" ? { type: "quote", data: { text: b.data.text } } : b,
    );
    expect(textToBlocks(blocksToText(withoutCaption as RichBlock[]))).toEqual(withoutCaption);
  });

  it("parses text: paragraphs joined, lists switched by style, empty input", () => {
    expect(textToBlocks("")).toEqual([]);
    expect(textToBlocks("\n\n  \n")).toEqual([]);
    expect(textToBlocks("line one\nline two\n\nnext")).toEqual([
      { type: "paragraph", data: { text: "line one line two" } },
      { type: "paragraph", data: { text: "next" } },
    ]);
    expect(textToBlocks("- a\n1. b\n* c")).toEqual([
      { type: "list", data: { style: "unordered", items: ["a"] } },
      { type: "list", data: { style: "ordered", items: ["b"] } },
      { type: "list", data: { style: "unordered", items: ["c"] } },
    ]);
    expect(textToBlocks("#no space\n#  ")).toEqual([{ type: "paragraph", data: { text: "#no space #" } }]);
    expect(textToBlocks("x\n".repeat(10_000))[0]?.type).toBe("paragraph");
  });

  it("parses a submitted body: JSON from the editor or text without JavaScript", () => {
    expect(parseBody(JSON.stringify(allFour))).toEqual(allFour);
    expect(parseBody(JSON.stringify({ blocks: allFour }))).toEqual(allFour);
    expect(parseBody("[not json")).toEqual([{ type: "paragraph", data: { text: "[not json" } }]);
    expect(parseBody('[{"type":"image","data":{"url":"x"}}]')).toEqual([]);
    expect(parseBody("")).toEqual([]);
  });
});

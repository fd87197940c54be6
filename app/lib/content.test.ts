import { describe, expect, it } from "vitest";
import { academyBlocks, bodyBlocks, parseDuration, parseTags, slugify, toRichBlocks } from "./content";

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Spaces   everywhere  ", "spaces-everywhere"],
    ["Repeated --- hyphens -- here", "repeated-hyphens-here"],
    ["Symbols! @#$% & punctuation?", "symbols-punctuation"],
    ["Café déjà vu", "café-déjà-vu"],
    ["-leading and trailing-", "leading-and-trailing"],
    ["", ""],
    ["!!!", ""],
    ["AI 2.0: What's next?", "ai-20-whats-next"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("handles very long input", () => {
    expect(slugify("word ".repeat(5000))).toBe(Array(5000).fill("word").join("-"));
  });
});

describe("parseTags", () => {
  it("trims, drops empty entries and duplicates", () => {
    expect(parseTags(" ai, sales ,, ,AI, pipeline ")).toEqual(["ai", "sales", "pipeline"]);
    expect(parseTags("")).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
  });
});

describe("parseDuration", () => {
  it.each([
    ["15", 15],
    ["15.7", 15],
    ["abc", 0],
    ["", 0],
    ["-5", 0],
    [null, 0],
    [42, 42],
  ])("%j → %j", (input, expected) => {
    expect(parseDuration(input as string)).toBe(expected);
  });
});

describe("blocks", () => {
  it("keeps the four rich block types and ignores others", () => {
    const blocks = toRichBlocks([
      { type: "header", data: { text: "Title", level: 2 } },
      { type: "paragraph", data: { text: "Body" } },
      { type: "list", data: { style: "ordered", items: ["a", { content: "b" }] } },
      { type: "quote", data: { text: "Q", caption: "C" } },
      { type: "image", data: { url: "x" } },
      { type: "paragraph" },
      null,
    ]);
    expect(blocks.map((b) => b.type)).toEqual(["header", "paragraph", "list", "quote"]);
    expect(blocks[2]).toEqual({ type: "list", data: { style: "ordered", items: ["a", "b"] } });
  });

  it("accepts plain text, {text} and {blocks} content", () => {
    expect(toRichBlocks("One\n\nTwo")).toHaveLength(2);
    expect(toRichBlocks({ text: "Hello" })).toEqual([{ type: "paragraph", data: { text: "Hello" } }]);
    expect(bodyBlocks(null, { blocks: [{ type: "quote", data: { text: "Q" } }] })[0]?.type).toBe("quote");
    expect(bodyBlocks([], "Fallback")[0]?.type).toBe("paragraph");
  });

  it("builds academy blocks from description, video and audio", () => {
    expect(academyBlocks("Intro", "https://v", null)).toEqual([
      { type: "paragraph", data: { text: "Intro" } },
      { type: "video", data: { url: "https://v" } },
    ]);
    expect(academyBlocks(" ", null, null)).toEqual([]);
  });
});

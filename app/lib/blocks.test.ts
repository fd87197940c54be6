import { describe, expect, it } from "vitest";
import { blocksToDoc, blocksToText, docToBlocks, parseBody, textToBlocks } from "./blocks";
import type { RichBlock } from "./content";

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

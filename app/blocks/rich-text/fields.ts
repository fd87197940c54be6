import type { BlockEditorSpec } from "../fields";
import type { RichTextBlock } from "./schema";

export const richTextEditor: BlockEditorSpec<RichTextBlock> = {
  label: "Rich text",
  description: "Headings, paragraphs, lists and quotes, as in blog posts.",
  fields: [{ name: "blocks", label: "Text", kind: "richtext" }],
  create: () => ({ blocks: [{ type: "paragraph", data: { text: "Your text." } }] }),
};

import type { BlockEditorSpec } from "../fields";
import type { FaqBlock } from "./schema";

export const faqEditor: BlockEditorSpec<FaqBlock> = {
  label: "FAQ",
  description: "Questions and answers that open on a click; search engines read them as an FAQ page.",
  fields: [
    { name: "heading", label: "Heading", kind: "text" },
    {
      name: "items",
      label: "Questions",
      kind: "items",
      itemLabel: "Question",
      fields: [
        { name: "question", label: "Question", kind: "text" },
        { name: "answer", label: "Answer", kind: "textarea" },
      ],
    },
  ],
  create: () => ({
    heading: "Frequently asked questions",
    items: [{ question: "A question visitors ask?", answer: "Its answer." }],
  }),
};

import type { BlockEditorSpec } from "../fields";
import type { ClaimsBlock } from "./schema";

export const claimsEditor: BlockEditorSpec<ClaimsBlock> = {
  label: "Claims strip",
  description: "Large figures with a short label each.",
  fields: [
    { name: "heading", label: "Heading (for screen readers)", kind: "text" },
    {
      name: "items",
      label: "Figures",
      kind: "items",
      itemLabel: "Figure",
      fields: [
        { name: "value", label: "Figure", kind: "text" },
        { name: "label", label: "Label", kind: "text" },
      ],
    },
  ],
  create: () => ({
    heading: "Results our customers see",
    items: [{ value: "50%", label: "shorter sales cycle" }],
  }),
};

import type { BlockEditorSpec } from "../fields";
import type { LatestBlock } from "./schema";

export const latestEditor: BlockEditorSpec<LatestBlock> = {
  label: "Latest posts or academy items",
  description: "The newest published blog posts or academy items, as cards.",
  fields: [
    {
      name: "source",
      label: "From",
      kind: "select",
      options: [
        { value: "blog", label: "Blog" },
        { value: "academy", label: "Academy" },
      ],
    },
    { name: "heading", label: "Heading", kind: "text" },
    { name: "count", label: "How many", kind: "number", min: 1, max: 6 },
  ],
  create: () => ({ source: "blog", heading: "From the blog", count: 3 }),
};

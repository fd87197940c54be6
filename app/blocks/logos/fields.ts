import type { BlockEditorSpec } from "../fields";
import type { LogosBlock } from "./schema";

export const logosEditor: BlockEditorSpec<LogosBlock> = {
  label: "Logo cloud",
  description: "Customers' or partners' logos from the media library.",
  fields: [
    { name: "heading", label: "Heading", kind: "text" },
    {
      name: "logos",
      label: "Logos",
      kind: "items",
      itemLabel: "Logo",
      fields: [
        { name: "name", label: "Company", kind: "text" },
        { name: "image", label: "Logo", kind: "media" },
        { name: "href", label: "Link (optional)", kind: "href" },
      ],
    },
  ],
  create: () => ({ heading: "Trusted by teams like yours", logos: [] }),
};

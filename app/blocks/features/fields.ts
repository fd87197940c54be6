import type { BlockEditorSpec } from "../fields";
import { BLOCK_ICON_NAMES } from "../icons";
import type { FeaturesBlock } from "./schema";

export const featuresEditor: BlockEditorSpec<FeaturesBlock> = {
  label: "Feature grid",
  description: "Cards with an icon, a title and a text, and an optional list of further features.",
  fields: [
    { name: "anchor", label: "Anchor (the #name links point at)", kind: "text" },
    { name: "heading", label: "Heading", kind: "text" },
    { name: "intro", label: "Introduction", kind: "textarea" },
    {
      name: "items",
      label: "Features",
      kind: "items",
      itemLabel: "Feature",
      fields: [
        {
          name: "icon",
          label: "Icon",
          kind: "select",
          options: BLOCK_ICON_NAMES.map((name) => ({ value: name, label: name.replace(/-/g, " ") })),
        },
        { name: "title", label: "Title", kind: "text" },
        { name: "text", label: "Text", kind: "textarea" },
      ],
    },
    { name: "extrasHeading", label: "Further features: heading", kind: "text" },
    { name: "extras", label: "Further features", kind: "lines", hint: "One per line." },
  ],
  create: () => ({
    anchor: "",
    heading: "Everything you need",
    intro: "",
    items: [{ icon: "rocket", title: "A feature", text: "What it does for your customer." }],
    extrasHeading: "",
    extras: [],
  }),
};

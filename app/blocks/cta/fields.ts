import { actionsField, type BlockEditorSpec } from "../fields";
import { BLOCK_ICON_NAMES } from "../icons";
import type { CtaBlock } from "./schema";

export const ctaEditor: BlockEditorSpec<CtaBlock> = {
  label: "Call-to-action band",
  description: "A heading, a sentence and up to two buttons on a coloured background.",
  fields: [
    {
      name: "style",
      label: "Style",
      kind: "select",
      options: [
        { value: "band", label: "Full-width band" },
        { value: "card", label: "Card with an icon" },
      ],
    },
    {
      name: "icon",
      label: "Icon (card only)",
      kind: "select",
      options: [
        { value: "", label: "None" },
        ...BLOCK_ICON_NAMES.map((name) => ({ value: name, label: name })),
      ],
    },
    { name: "heading", label: "Heading", kind: "text" },
    { name: "text", label: "Text", kind: "textarea" },
    actionsField("Buttons"),
  ],
  create: () => ({
    style: "band",
    icon: "",
    heading: "Ready to start?",
    text: "",
    actions: [{ label: "Contact us", kind: "link", href: "/contact" }],
  }),
};

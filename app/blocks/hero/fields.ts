import { actionsField, type BlockEditorSpec } from "../fields";
import type { HeroBlock } from "./schema";

export const heroEditor: BlockEditorSpec<HeroBlock> = {
  label: "Hero",
  description: "The page's headline, text, buttons and optionally the showcase carousel.",
  fields: [
    {
      name: "layout",
      label: "Layout",
      kind: "select",
      options: [
        { value: "split", label: "Text beside the showcase" },
        { value: "centered", label: "Centered title band" },
      ],
    },
    { name: "badge", label: "Badge", kind: "text" },
    { name: "headline", label: "Headline", kind: "text" },
    { name: "text", label: "Text", kind: "textarea" },
    actionsField("Buttons (first is the primary one)"),
    { name: "checks", label: "Checks under the buttons", kind: "lines", hint: "One per line." },
    { name: "showcase", label: "Show the showcase carousel", kind: "boolean" },
  ],
  create: () => ({
    layout: "split",
    badge: "",
    headline: "A headline that says what you offer",
    text: "",
    actions: [{ label: "Get Started Free", kind: "signup" }],
    checks: [],
    showcase: false,
  }),
};

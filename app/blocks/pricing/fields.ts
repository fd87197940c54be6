import type { BlockEditorSpec } from "../fields";
import type { PricingBlock } from "./schema";

export const pricingEditor: BlockEditorSpec<PricingBlock> = {
  label: "Pricing table",
  description: "Plans with a price, period, features and a button; one may be highlighted.",
  fields: [
    { name: "highlightLabel", label: "Label of the highlighted plan", kind: "text" },
    {
      name: "plans",
      label: "Plans",
      kind: "items",
      itemLabel: "Plan",
      fields: [
        { name: "name", label: "Name", kind: "text" },
        { name: "price", label: "Price", kind: "text" },
        { name: "period", label: "Period (e.g. /month)", kind: "text" },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "features", label: "Features", kind: "lines", hint: "One per line." },
        { name: "highlighted", label: "Highlight this plan", kind: "boolean" },
        { name: "cta.label", label: "Button label", kind: "text" },
        { name: "cta.href", label: "Button link", kind: "href" },
      ],
    },
    { name: "note", label: "Note under the plans", kind: "text" },
    { name: "noteLink.label", label: "Note link label", kind: "text" },
    { name: "noteLink.href", label: "Note link", kind: "href" },
  ],
  create: () => ({
    label: "Plans",
    highlightLabel: "Most Popular",
    plans: [
      {
        name: "Starter",
        price: "$9",
        period: "/month",
        description: "",
        features: ["A feature"],
        highlighted: false,
        cta: { label: "Start Free Trial", href: "/contact" },
      },
    ],
    note: "",
    noteLink: { label: "", href: "" },
  }),
};

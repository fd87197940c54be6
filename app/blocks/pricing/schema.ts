import { z } from "zod";
import { blockBase, href, list, optionalHref, optionalText, text } from "../common";

export const pricingSchema = z.object({
  ...blockBase,
  type: z.literal("pricing"),
  /** The list's accessible name. */
  label: text(60, "The list's name").default("Plans"),
  highlightLabel: text(40, "The highlight's label").default("Most Popular"),
  plans: list(
    z.object({
      name: text(60, "The plan's name"),
      price: text(30, "The price"),
      period: optionalText(30, "The period"),
      description: optionalText(300, "The description"),
      features: list(text(160, "A feature"), 20, 0, "features"),
      highlighted: z.boolean().default(false),
      cta: z.object({ label: text(60, "The button label"), href }),
    }),
    6,
    1,
    "plans",
  ),
  note: optionalText(200, "The note"),
  noteLink: z
    .object({
      label: optionalText(60, "The link's label"),
      href: optionalHref,
    })
    .default({
      label: "",
      href: "",
    }),
});

export type PricingBlock = z.output<typeof pricingSchema>;

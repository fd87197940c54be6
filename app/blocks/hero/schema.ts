import { z } from "zod";
import { action, blockBase, list, optionalText, text } from "../common";

export const heroSchema = z.object({
  ...blockBase,
  type: z.literal("hero"),
  /** split: text beside the showcase (the landing page); centered: a page's title band. */
  layout: z.enum(["split", "centered"]).default("split"),
  badge: optionalText(120, "The badge"),
  headline: text(160, "The headline"),
  text: optionalText(600, "The text"),
  actions: list(action, 3, 0, "buttons"),
  checks: list(text(60, "A check"), 6, 0, "checks"),
  showcase: z.boolean().default(false),
});

export type HeroBlock = z.output<typeof heroSchema>;

import { z } from "zod";
import { action, blockBase, list, optionalText, text } from "../common";
import { BLOCK_ICON_NAMES } from "../icons";

export const ctaSchema = z.object({
  ...blockBase,
  type: z.literal("cta"),
  /** band: a full-width coloured band; card: a dark card with an icon. */
  style: z.enum(["band", "card"]).default("band"),
  icon: z.union([z.enum(BLOCK_ICON_NAMES as [string, ...string[]]), z.literal("")]).default(""),
  heading: text(160, "The heading"),
  text: optionalText(400, "The text"),
  actions: list(action, 2, 0, "buttons"),
});

export type CtaBlock = z.output<typeof ctaSchema>;

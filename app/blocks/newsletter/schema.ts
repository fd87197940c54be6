import { z } from "zod";
import { blockBase, optionalText, text } from "../common";

export const newsletterSchema = z.object({
  ...blockBase,
  type: z.literal("newsletter"),
  heading: text(160, "The heading"),
  text: optionalText(400, "The text"),
});

export type NewsletterBlock = z.output<typeof newsletterSchema>;

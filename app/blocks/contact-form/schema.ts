import { z } from "zod";
import { blockBase, optionalText, text } from "../common";

export const contactFormSchema = z.object({
  ...blockBase,
  type: z.literal("contact-form"),
  heading: text(160, "The heading"),
  text: optionalText(400, "The text"),
});

export type ContactFormBlock = z.output<typeof contactFormSchema>;

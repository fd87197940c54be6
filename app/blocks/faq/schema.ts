import { z } from "zod";
import { blockBase, list, text } from "../common";

export const faqSchema = z.object({
  ...blockBase,
  type: z.literal("faq"),
  heading: text(160, "The heading"),
  items: list(
    z.object({ question: text(300, "The question"), answer: text(2000, "The answer") }),
    30,
    1,
    "questions",
  ),
});

export type FaqBlock = z.output<typeof faqSchema>;

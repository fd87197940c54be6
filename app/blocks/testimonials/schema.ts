import { z } from "zod";
import { blockBase, list, text } from "../common";

export const testimonialsSchema = z.object({
  ...blockBase,
  type: z.literal("testimonials"),
  heading: text(160, "The heading"),
  items: list(
    z.object({
      quote: text(600, "The quote"),
      name: text(80, "The name"),
      role: text(120, "The role"),
      rating: z.coerce.number().int().min(1, "From 1 to 5 stars.").max(5, "From 1 to 5 stars.").default(5),
    }),
    9,
    1,
    "testimonials",
  ),
});

export type TestimonialsBlock = z.output<typeof testimonialsSchema>;

import { z } from "zod";
import { blockBase, list, text } from "../common";

export const claimsSchema = z.object({
  ...blockBase,
  type: z.literal("claims"),
  /** Read by screen readers only: the strip's heading. */
  heading: text(120, "The heading"),
  items: list(z.object({ value: text(20, "The figure"), label: text(80, "The label") }), 8, 1, "figures"),
});

export type ClaimsBlock = z.output<typeof claimsSchema>;

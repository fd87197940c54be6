import { z } from "zod";
import { blockBase, text } from "../common";

export const latestSchema = z.object({
  ...blockBase,
  type: z.literal("latest"),
  source: z.enum(["blog", "academy"], { error: "Choose the blog or the academy." }).default("blog"),
  heading: text(160, "The heading"),
  count: z.coerce.number().int().min(1, "Show 1 to 6 items.").max(6, "Show 1 to 6 items.").default(3),
});

export type LatestBlock = z.output<typeof latestSchema>;

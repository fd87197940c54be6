import { z } from "zod";
import { toRichBlocks } from "~/lib/content";
import { safeJson } from "~/lib/safe-text";
import { blockBase } from "../common";

/** The body keeps the site's rich-block schema: unknown and malformed blocks are dropped, as everywhere else. */
export const richTextSchema = z.object({
  ...blockBase,
  type: z.literal("rich-text"),
  blocks: z
    .unknown()
    .transform((value) => safeJson(toRichBlocks(value ?? [])))
    .refine((blocks) => blocks.length > 0, "Write some text.")
    .refine((blocks) => JSON.stringify(blocks).length <= 100_000, "The text is too long."),
});

export type RichTextBlock = z.output<typeof richTextSchema>;

import { z } from "zod";
import { blockBase, optionalText } from "../common";

/** A form built in the back office (Forms), shown where the block is; the form itself is a document of its own. */
export const formBlockSchema = z.object({
  ...blockBase,
  type: z.literal("form"),
  formId: z
    .string({ error: "Choose a form." })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Choose a form."),
  heading: optionalText(160, "The heading"),
  text: optionalText(400, "The text"),
});

export type FormBlock = z.output<typeof formBlockSchema>;

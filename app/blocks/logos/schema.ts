import { z } from "zod";
import { blockBase, list, optionalText, text } from "../common";
import { isSafeHref, LINK_RULE } from "../links";

export const logosSchema = z.object({
  ...blockBase,
  type: z.literal("logos"),
  heading: optionalText(160, "The heading"),
  logos: list(
    z.object({
      name: text(80, "The company's name"),
      image: z
        .string()
        .transform((value) => value.trim())
        .pipe(z.string().regex(/^\/uploads\/[\w./-]+$/, "Choose the logo from the media library.")),
      href: z
        .string()
        .default("")
        .transform((value) => value.trim())
        .refine((value) => value === "" || isSafeHref(value), LINK_RULE),
    }),
    24,
    1,
    "logos",
  ),
});

export type LogosBlock = z.output<typeof logosSchema>;

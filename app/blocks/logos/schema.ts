import { z } from "zod";
import { blockBase, cleanLink, list, optionalHref, optionalText, text, UPLOAD_PATH } from "../common";

export const logosSchema = z.object({
  ...blockBase,
  type: z.literal("logos"),
  heading: optionalText(160, "The heading"),
  logos: list(
    z.object({
      name: text(80, "The company's name"),
      image: z
        .string()
        .transform(cleanLink)
        .pipe(z.string().regex(UPLOAD_PATH, "Choose the logo from the media library.")),
      href: optionalHref,
    }),
    24,
    1,
    "logos",
  ),
});

export type LogosBlock = z.output<typeof logosSchema>;

// The media library's details form (docs/product.md, Media library): one file's alt text and title.
import { z } from "zod";
import { ALT_TEXT_MAX, MEDIA_TITLE_MAX } from "./media";

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `Use at most ${max} characters`));

export const mediaDetailsSchema = z.object({
  id: z.uuid({ message: "Unknown file" }),
  altText: text(ALT_TEXT_MAX),
  title: text(MEDIA_TITLE_MAX),
});

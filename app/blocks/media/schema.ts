import { z } from "zod";
import { isEmbedVideo } from "~/lib/embed";
import { blockBase, cleanLink, optionalText, UPLOAD_PATH } from "../common";

/** An image or a video of the media library (a /uploads/ file), or a video on an allowed host (YouTube, Vimeo). */
export const mediaSchema = z
  .object({
    ...blockBase,
    type: z.literal("media"),
    kind: z.enum(["image", "video"]).default("image"),
    url: z.string({ error: "Choose a file." }).transform(cleanLink),
    alt: optionalText(500, "The alt text"),
    caption: optionalText(300, "The caption"),
  })
  .superRefine((value, ctx) => {
    const ok = UPLOAD_PATH.test(value.url) || (value.kind === "video" && isEmbedVideo(value.url));
    if (!ok)
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message:
          value.kind === "video"
            ? "Choose a video from the media library, or a YouTube or Vimeo link."
            : "Choose an image from the media library.",
      });
    if (value.kind === "image" && !value.alt)
      ctx.addIssue({
        code: "custom",
        path: ["alt"],
        message: "Describe the image for people who cannot see it.",
      });
  });

export type MediaBlock = z.output<typeof mediaSchema>;

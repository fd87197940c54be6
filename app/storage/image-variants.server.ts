// Responsive copies of an uploaded image (AVIF and WebP at a few widths), made with sharp. sharp loads on the
// first upload, not at start-up.
import { logger } from "~/lib/logger.server";
import { IMAGE_FORMATS, IMAGE_WIDTHS, variantUrl } from "~/lib/uploads";

export interface ImageVariant {
  url: string;
  /** The copy's real size: never wider than the original, whatever width its name says. */
  width: number;
  height: number;
  format: (typeof IMAGE_FORMATS)[number];
  contentType: string;
  body: Uint8Array;
}

export interface ImageFacts {
  /** As displayed: EXIF orientation applied (a portrait photo taken sideways is taller than wide). */
  width?: number;
  height?: number;
  /** More than one frame (an animated GIF or WebP): copies would keep only the first frame. */
  animated: boolean;
}

/** The widths to make copies at: each listed width narrower than the original, plus one at the original's own width. */
export function copyWidths(originalWidth: number | undefined): number[] {
  if (!originalWidth) return [...IMAGE_WIDTHS];
  const widths: number[] = [];
  for (const width of IMAGE_WIDTHS) {
    widths.push(width);
    if (width >= originalWidth) break;
  }
  return widths;
}

/** Size and frame count of an image, or undefined when the bytes do not decode as one. */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts | undefined> {
  const { default: sharp } = await import("sharp");
  try {
    const meta = await sharp(bytes).metadata();
    return {
      width: meta.autoOrient?.width ?? meta.width,
      height: meta.autoOrient?.height ?? meta.height,
      animated: (meta.pages ?? 1) > 1,
    };
  } catch (error) {
    logger.warn({ err: error }, "uploaded image could not be decoded");
    return undefined;
  }
}

/**
 * The image's size and its copies, or undefined when the bytes do not decode as an image. An animated image gets
 * no copies (they would be still pictures); pages show the original. The copy named after a width the original
 * does not reach is made at the original's width, and wider ones are not made at all.
 */
export async function imageVariants(
  bytes: Uint8Array,
  url: string,
): Promise<(ImageFacts & { variants: ImageVariant[] }) | undefined> {
  const facts = await imageFacts(bytes);
  if (!facts) return undefined;
  if (facts.animated) return { ...facts, variants: [] };
  const { default: sharp } = await import("sharp");
  try {
    const variants: ImageVariant[] = [];
    for (const width of copyWidths(facts.width)) {
      for (const format of IMAGE_FORMATS) {
        const pipeline = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
        const { data, info } =
          format === "avif"
            ? await pipeline.avif({ quality: 55, effort: 2 }).toBuffer({ resolveWithObject: true })
            : await pipeline.webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
        variants.push({
          url: variantUrl(url, width, format),
          width: info.width,
          height: info.height,
          format,
          contentType: `image/${format}`,
          body: data,
        });
      }
    }
    return { ...facts, variants };
  } catch (error) {
    logger.warn({ err: error }, "uploaded image could not be decoded");
    return undefined;
  }
}

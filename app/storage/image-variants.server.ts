// Responsive copies of an uploaded image (AVIF and WebP at a few widths), made with sharp. sharp loads on the
// first upload, not at start-up.
import { logger } from "~/lib/logger.server";
import { IMAGE_FORMATS, IMAGE_WIDTHS, variantUrl } from "~/lib/uploads";

export interface ImageVariant {
  url: string;
  width: number;
  format: string;
  contentType: string;
  body: Uint8Array;
}

/** The image's size and its copies, or undefined when the bytes do not decode as an image. */
export async function imageVariants(
  bytes: Uint8Array,
  url: string,
): Promise<{ width?: number; height?: number; variants: ImageVariant[] } | undefined> {
  const { default: sharp } = await import("sharp");
  try {
    const meta = await sharp(bytes).metadata();
    const variants: ImageVariant[] = [];
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) {
        const pipeline = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
        const out =
          format === "avif"
            ? await pipeline.avif({ quality: 55, effort: 2 }).toBuffer()
            : await pipeline.webp({ quality: 78 }).toBuffer();
        variants.push({
          url: variantUrl(url, width, format),
          width,
          format,
          contentType: `image/${format}`,
          body: out,
        });
      }
    }
    return { width: meta.width, height: meta.height, variants };
  } catch (error) {
    logger.warn({ err: error }, "uploaded image could not be decoded");
    return undefined;
  }
}

// Responsive copies of an uploaded image (AVIF and WebP at a few widths), made with sharp. sharp loads on the
// first upload, not at start-up.
import { logger } from "~/infra/logger.server";
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

/**
 * The most pixels an image may have (about 50 megapixels: 8,660 × 5,773 or 7,071 × 7,071), far beyond any picture
 * a page shows, well short of what would hold hundreds of megabytes while it is decoded. Checked on the size the
 * file's header states, before anything is decoded; sharp's own limit is set to it as well.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** "50 megapixels" */
export function megapixels(pixels: number): string {
  return `${Math.round(pixels / 100_000) / 10} megapixels`;
}

export interface ImageFacts {
  /** As displayed: EXIF orientation applied (a portrait photo taken sideways is taller than wide). */
  width?: number;
  height?: number;
  /** Width × height as the header states them (one frame of an animation). */
  pixels: number;
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

/**
 * Size and frame count of an image, read from its header (nothing is decoded), or undefined when the bytes are not
 * an image sharp reads.
 */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts | undefined> {
  const { default: sharp } = await import("sharp");
  try {
    const meta = await sharp(bytes).metadata();
    return {
      width: meta.autoOrient?.width ?? meta.width,
      height: meta.autoOrient?.height ?? meta.height,
      pixels: (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0),
      animated: (meta.pages ?? 1) > 1,
    };
  } catch (error) {
    logger.warn({ err: error }, "uploaded image could not be decoded");
    return undefined;
  }
}

/**
 * The image's size and its copies, or undefined when the bytes do not decode as an image (or have more than
 * MAX_IMAGE_PIXELS: callers that can say so check `imageFacts` first). An animated image gets no copies (they would
 * be still pictures); pages show the original. The copy named after a width the original does not reach is made at
 * the original's width, and wider ones are not made at all.
 *
 * The file is decoded once: turned upright and scaled to the widest copy, kept as raw pixels, and every copy is
 * made from those (a JPEG is even decoded at a reduced size when that is enough).
 */
export async function imageVariants(
  bytes: Uint8Array,
  url: string,
  known?: ImageFacts,
): Promise<(ImageFacts & { variants: ImageVariant[] }) | undefined> {
  const facts = known ?? (await imageFacts(bytes));
  if (!facts) return undefined;
  if (facts.animated) return { ...facts, variants: [] };
  const { default: sharp } = await import("sharp");
  try {
    const widths = copyWidths(facts.width);
    const decoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const variants: ImageVariant[] = [];
    for (const copyWidth of widths) {
      for (const format of IMAGE_FORMATS) {
        const pipeline = sharp(decoded.data, { raw: { width, height, channels } }).resize({
          width: copyWidth,
          withoutEnlargement: true,
        });
        const { data, info } =
          format === "avif"
            ? await pipeline.avif({ quality: 55, effort: 2 }).toBuffer({ resolveWithObject: true })
            : await pipeline.webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
        variants.push({
          url: variantUrl(url, copyWidth, format),
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

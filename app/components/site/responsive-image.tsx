// The one image element of the public pages (docs/decisions/019-media-library.md). A library image is drawn from its
// AVIF and WebP copies (`<picture>`, srcset and sizes), at its real width and height so the browser reserves its box
// before it loads, with the library's alt text. Any other URL is a plain img with the size its box gives it. Below
// the fold it loads lazily and decodes off the main thread; the one image a page leads with (`priority`) loads at
// once with high fetch priority. No JavaScript of its own: it renders the same on the server and in the browser.
import type { PublicImage } from "~/lib/media";

interface ResponsiveImageProps {
  /** The URL as stored: an upload or an external image. */
  src: string;
  /** The library's view of `src` (copies, size, alt text), when it names a library image. */
  image?: PublicImage | null;
  /** Alt text when the library has none (or for external images). */
  alt?: string;
  /** The image adds nothing to the text next to it (a card's cover beside its title): alt="" whatever the library says. */
  decorative?: boolean;
  /** The box size for an image the library does not know; a library image brings its own. */
  width?: number;
  height?: number;
  /** How wide the image is drawn at each viewport width, e.g. "(min-width: 1024px) 384px, 100vw". */
  sizes: string;
  /** The page's leading image (its largest contentful paint): eager, high fetch priority. */
  priority?: boolean;
  className?: string;
}

export function ResponsiveImage({
  src,
  image,
  alt = "",
  decorative = false,
  width,
  height,
  sizes,
  priority = false,
  className,
}: ResponsiveImageProps) {
  const loading = {
    loading: priority ? ("eager" as const) : ("lazy" as const),
    decoding: priority ? undefined : ("async" as const),
    fetchPriority: priority ? ("high" as const) : undefined,
  };
  const text = decorative ? "" : image?.alt || alt;
  if (!image) {
    return <img src={src} alt={text} width={width} height={height} className={className} {...loading} />;
  }
  return (
    <picture className="contents">
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      <img
        src={image.src}
        srcSet={image.webpSrcSet}
        sizes={image.webpSrcSet ? sizes : undefined}
        alt={text}
        width={image.width ?? width}
        height={image.height ?? height}
        className={className}
        {...loading}
      />
    </picture>
  );
}

import { ResponsiveImage } from "~/components/site/responsive-image";
import { isEmbedVideo, toEmbedUrl } from "~/lib/embed";
import type { PageData } from "../page-data";
import type { MediaBlock } from "./schema";

function Media({ block, data }: { block: MediaBlock; data: PageData }) {
  if (block.kind === "video") {
    if (isEmbedVideo(block.url))
      return (
        <iframe
          src={toEmbedUrl(block.url)}
          title={block.caption || block.alt || "Video"}
          className="aspect-video w-full rounded-2xl"
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
        />
      );
    return (
      // biome-ignore lint/a11y/useMediaCaption: library videos carry no caption track; the caption is below.
      <video src={block.url} controls preload="metadata" className="w-full rounded-2xl" />
    );
  }
  const image = data.images[block.url];
  return (
    <ResponsiveImage
      src={block.url}
      image={image ? { ...image, alt: block.alt } : undefined}
      alt={block.alt}
      className="w-full rounded-2xl"
      sizes="(min-width: 1024px) 896px, 100vw"
    />
  );
}

export function MediaView({ block, data }: { block: MediaBlock; data: PageData }) {
  return (
    <section className="bg-white">
      <figure className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <Media block={block} data={data} />
        {block.caption ? (
          <figcaption className="mt-3 text-center text-sm text-slate-700">{block.caption}</figcaption>
        ) : null}
      </figure>
    </section>
  );
}

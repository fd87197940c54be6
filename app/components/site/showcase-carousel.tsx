// The landing hero's showcase (docs/product.md, Showcase carousel): active items in display order,
// cross-fading in 300 ms, wrapping around, with arrows and dots only when there is more than one item.
// Autoplays (pausable, paused while hovered or focused, never under prefers-reduced-motion). Videos play
// muted and looped; YouTube watch links are embedded. A fade is a stack of slides whose opacity changes, so
// it is written here rather than with a sliding carousel.
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { isEmbedVideo, toEmbedUrl } from "~/lib/embed";
import type { PublicImage } from "~/lib/media";

interface ShowcaseSlide {
  id: string;
  title: string;
  description: string | null;
  mediaType: "video" | "image";
  mediaUrl: string;
  /** An image slide's responsive copies and alt text, when it is a library image. */
  image?: PublicImage | null;
}

const AUTOPLAY_MS = 6000;
/** Poster for our own videos while they load (or when motion is reduced and they do not autoplay). */
const VIDEO_POSTER = "/demo/showcase-poster.jpg";

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

function embedSrc(url: string, reduced: boolean) {
  const embed = toEmbedUrl(url);
  if (!/youtube\.com\/embed\//.test(embed)) return embed;
  const id = embed.split("/embed/")[1]?.split(/[?&#]/)[0] ?? "";
  const params = new URLSearchParams({ mute: "1", loop: "1", playlist: id, rel: "0" });
  if (!reduced) params.set("autoplay", "1");
  return `${embed}${embed.includes("?") ? "&" : "?"}${params}`;
}

/**
 * One slide's media. `first`: the slide shown at load, the hero's largest picture on a wide screen: fetched at
 * high priority. The other slides are stacked underneath, transparent: their images come at low priority and
 * their videos load nothing (no poster, no data) until shown, so they do not compete with the first view.
 */
function Media({
  item,
  active,
  first,
  reduced,
}: {
  item: ShowcaseSlide;
  active: boolean;
  first: boolean;
  reduced: boolean;
}) {
  if (item.mediaType === "video" && isEmbedVideo(item.mediaUrl)) {
    // The player (a third-party page) loads only while its slide is shown.
    return active ? (
      <iframe
        src={embedSrc(item.mediaUrl, reduced)}
        title={item.title}
        className="size-full"
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        loading="lazy"
      />
    ) : (
      <div className="size-full bg-slate-900" />
    );
  }
  if (item.mediaType === "video") {
    // A video's first picture is its poster: when it is the slide shown at load, fetch it first too.
    if (first) preload(VIDEO_POSTER, { as: "image", fetchPriority: "high" });
    return <LoopVideo item={item} active={active} reduced={reduced} />;
  }
  // The frame is 16:9 whatever the picture (object-cover): width and height state that ratio.
  return (
    <ResponsiveImage
      src={item.mediaUrl}
      image={item.image}
      alt={item.title}
      width={1280}
      height={720}
      sizes="(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 3.5rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)"
      priority={first}
      className="size-full object-cover"
    />
  );
}

function LoopVideo({ item, active, reduced }: { item: ShowcaseSlide; active: boolean; reduced: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  // The server cannot know the motion preference: settle playback once the browser does. Muted is set as a
  // property too, because browsers allow autoplay only for muted videos.
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = true;
    if (active && !reduced) video.play().catch(() => {});
    else video.pause();
  }, [active, reduced]);
  return (
    <video
      ref={ref}
      src={item.mediaUrl}
      poster={active ? VIDEO_POSTER : undefined}
      className="size-full object-cover"
      autoPlay={active && !reduced}
      muted
      loop
      playsInline
      preload={active ? "metadata" : "none"}
      controls={reduced}
      aria-label={item.title}
    />
  );
}

export function ShowcaseCarousel({ items }: { items: ShowcaseSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reduced = usePrefersReducedMotion();
  const count = items.length;
  const many = count > 1;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const running = many && !paused && !hovered && !reduced;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [running, count]);

  if (count === 0) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white/70 p-6 text-center text-slate-700">
        No showcase items available.
      </div>
    );
  }

  const current = items[index] ?? items[0];
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Product showcase"
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div
        className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-slate-900/10"
        aria-live={running ? "off" : "polite"}
      >
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group by the ARIA carousel pattern
          <div
            key={item.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${item.title}`}
            aria-hidden={i !== index}
            inert={i !== index}
            data-active={i === index}
            className={clsx(
              "absolute inset-0 transition-opacity duration-300 ease-in-out",
              i === index ? "opacity-100" : "pointer-events-none opacity-0",
            )}
          >
            <Media item={item} active={i === index} first={i === 0} reduced={reduced} />
          </div>
        ))}
      </div>
      <div className="mt-4 min-h-16">
        <h2 className="text-lg font-semibold text-slate-900">{current?.title}</h2>
        {current?.description ? <p className="mt-1 text-sm text-slate-700">{current.description}</p> : null}
      </div>
      {many ? (
        <div className="mt-2 flex items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => go(index - 1)}
              className="inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              aria-label="Previous slide"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              className="inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              aria-label="Next slide"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
            {reduced ? null : (
              <button
                type="button"
                onClick={() => setPaused((p) => !p)}
                className="inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                aria-label={paused ? "Play slideshow" : "Pause slideshow"}
              >
                {paused ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
              </button>
            )}
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would need a visible legend here */}
          <div className="flex items-center gap-1" role="group" aria-label="Choose slide">
            {items.map((item, i) => (
              <button
                key={item.id}
                type="button"
                onClick={() => go(i)}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className="inline-flex size-6 items-center justify-center rounded-full"
              >
                <span
                  className={clsx(
                    "block size-2.5 rounded-full transition-colors",
                    i === index ? "bg-brand-600" : "bg-slate-400",
                  )}
                />
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}

import { AlertTriangle, Clock, Eye, FileQuestion, Headphones, Play, User } from "lucide-react";
import { useState } from "react";
import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { AcademyCard } from "~/components/site/academy-card";
import { BackLink, Breadcrumbs, RelatedSection } from "~/components/site/article-parts";
import { BlocksRenderer } from "~/components/site/blocks-renderer";
import { TagList } from "~/components/site/blog-card";
import { ContentState } from "~/components/site/content-state";
import { DateText } from "~/components/site/date-text";
import { DifficultyBadge } from "~/components/site/difficulty-badge";
import { PreviewBanner, PreviewUnavailable, previewErrorTitle } from "~/components/site/preview-parts";
import { Badge } from "~/components/ui/badge";
import { requestInfo } from "~/infra/request-context.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { toRichBlocks } from "~/lib/content";
import { isEmbedVideo, toEmbedUrl } from "~/lib/embed";
import { PREVIEW_HEADERS, previewHeadersOr } from "~/lib/preview";
import { errorMeta, pageMeta, siteInfo } from "~/lib/seo";
import { breadcrumbJsonLd, courseJsonLd, videoObjectJsonLd } from "~/lib/structured-data";
import { type AcademyItem, getPublishedAcademyItem, listRelatedAcademy } from "~/models/academy.server";
import { withImages } from "~/models/media.server";
import { openPreviewPage, type PreviewBannerText } from "~/routes/support/preview.server";
import type { Route } from "./+types/item";

export async function loader({ params, context }: Route.LoaderArgs) {
  // A preview link (/preview/academy/<token>) shows the item whatever its status (docs/product.md, Preview
  // links); its views are not counted.
  if (params.token !== undefined) {
    const { item, banner } = await openPreviewPage("academy", params.token, requestInfo(context).ip);
    return data(await itemPage(item, banner), { headers: PREVIEW_HEADERS });
  }
  const item = await getPublishedAcademyItem(params.slug);
  if (!item) throw data({ reason: "not-found" }, { status: 404 });
  // Views are counted by the server's page-view collector (server/analytics.ts), page-cache hits included, and
  // written in batches; the count shown is the one written by the last batch (docs/decisions/015-analytics.md).
  return itemPage(item, null);
}

async function itemPage(item: AcademyItem, preview: PreviewBannerText | null) {
  const byThumbnail = (i: { thumbnailUrl: string | null }) => i.thumbnailUrl;
  const [[shown], related] = await Promise.all([
    withImages([item], byThumbnail),
    listRelatedAcademy(item).then((items) => withImages(items, byThumbnail)),
  ]);
  const { content, richContent, ...rest } = shown ?? { ...item, image: null };
  return { item: { ...rest, blocks: toRichBlocks(richContent) }, related, preview };
}

/**
 * Cacheable by our page cache, which the view collector sits in front of; browsers and CDNs must ask us each time
 * (a 304 is counted too), so no view goes uncounted. A preview answers no-store and noindex.
 */
export function headers(args: Route.HeadersArgs) {
  return previewHeadersOr(args, { "Cache-Control": "public, no-cache" });
}

/** Loading the page's data counts a view, so only a navigation to the page does; action revalidations do not. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;
/** The preview error a route error stands for ("" when it is none). */
const previewReason = (error: unknown) =>
  isRouteErrorResponse(error) ? ((error.data as { reason?: string } | null)?.reason ?? "") : "";

/** Vimeo page links become player links; YouTube watch links become embed links (toEmbedUrl). */
function embedSrc(url: string): string {
  const vimeo = url.match(/^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/);
  return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : toEmbedUrl(url);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData)
    return errorMeta(
      siteInfo(matches),
      previewErrorTitle(previewReason(error)) ??
        (isNotFound(error) ? "Content Not Found" : "Failed to load content"),
    );
  const site = siteInfo(matches);
  const { item, preview } = loaderData;
  const path = `/academy/${item.slug}`;
  const video = item.videoUrl?.trim() || null;
  const embedded = video ? isEmbedVideo(video) : false;
  const facts = {
    title: item.title,
    description: item.description,
    path,
    image: item.thumbnailUrl,
    author: item.author,
    category: item.category,
    difficulty: item.difficultyLevel,
    durationMinutes: item.durationMinutes,
    tags: item.tags,
    publishedAt: item.publishedAt ?? item.createdAt,
    videoUrl: video ? (embedded ? embedSrc(video) : video) : null,
    videoIsEmbed: embedded,
  };
  return pageMeta(site, {
    title: item.title,
    description: item.description || item.summary,
    path,
    noindex: Boolean(preview),
    image: item.thumbnailUrl,
    imageAlt: item.thumbnailUrl ? item.image?.alt || item.title : undefined,
    jsonLd: [
      video ? videoObjectJsonLd(site, facts) : courseJsonLd(site, facts),
      breadcrumbJsonLd(site, [
        { name: "Academy", path: "/academy" },
        { name: item.title, path },
      ]),
    ],
  });
};

/**
 * A YouTube or Vimeo player loads when the visitor asks for it. Until then the item's picture and a play button:
 * the player's page and scripts (several hundred KB from another site) would otherwise load with every visit,
 * competing with ours, whether or not the video is watched. One click starts it, as the player's own button
 * would. Without JavaScript the button is a link to the video on its site.
 */
function EmbeddedVideo({ url, title, poster }: { url: string; title: string; poster: string | null }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    const src = embedSrc(url);
    return (
      <div className="aspect-video w-full overflow-hidden rounded-2xl bg-slate-900">
        <iframe
          // Keyboard users go on in the player, where the link they pressed was.
          ref={(frame) => frame?.focus()}
          src={`${src}${src.includes("?") ? "&" : "?"}autoplay=1`}
          title={`Video: ${title}`}
          className="size-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <a
      href={url}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-slate-900"
    >
      {poster ? (
        <img
          src={poster}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          className="size-full object-cover opacity-90"
        />
      ) : null}
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white shadow-lg ring-1 ring-slate-900/10 transition-transform group-hover:scale-105">
          <Play className="ml-1 size-7 fill-current text-slate-900" aria-hidden="true" />
        </span>
      </span>
      <span className="sr-only">Play video: {title}</span>
    </a>
  );
}

function VideoPlayer({ url, title, poster }: { url: string; title: string; poster: string | null }) {
  return isEmbedVideo(url) ? (
    <EmbeddedVideo url={url} title={title} poster={poster} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: uploaded videos carry no caption track yet; the summary and description give the content in text
    <video
      controls
      preload="metadata"
      poster={poster ?? undefined}
      aria-label={`Video: ${title}`}
      className="aspect-video w-full rounded-2xl bg-slate-900"
      src={url}
    />
  );
}

function AudioPlayer({ url, title }: { url: string; title: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Headphones className="size-4 text-brand-600" aria-hidden="true" />
        Listen to this session
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: audio-only; the summary gives the content in text */}
      <audio controls preload="metadata" aria-label={`Audio: ${title}`} className="mt-3 w-full" src={url} />
    </div>
  );
}

/** The item's video, its audio, or both (the video first: a recording and its podcast version, say). */
function Player({
  title,
  videoUrl,
  audioUrl,
  poster,
}: {
  title: string;
  videoUrl: string | null;
  audioUrl: string | null;
  poster: string | null;
}) {
  const video = videoUrl?.trim();
  const audio = audioUrl?.trim();
  if (!video && !audio) return null;
  return (
    <div className="space-y-4">
      {video ? <VideoPlayer url={video} title={title} poster={poster} /> : null}
      {audio ? <AudioPlayer url={audio} title={title} /> : null}
    </div>
  );
}

export default function AcademyItemPage({ loaderData }: Route.ComponentProps) {
  const { item, related, preview } = loaderData;
  const date = item.publishedAt ?? item.createdAt;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {preview ? <PreviewBanner {...preview} /> : null}
      <Breadcrumbs section={{ to: "/academy", label: "Academy" }} current={item.title} />
      <article className="mx-auto mt-8 max-w-4xl">
        <header>
          <BackLink to="/academy">Back to Academy</BackLink>
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <Badge variant="outline">{item.category}</Badge>
            <DifficultyBadge level={item.difficultyLevel} />
            {item.isFeatured ? <Badge>Featured</Badge> : null}
          </div>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {item.title}
          </h1>
          {item.description ? (
            <p className="mt-4 text-xl leading-8 text-slate-600">{item.description}</p>
          ) : null}
          <dl className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 border-y border-slate-200 py-4 text-sm text-slate-600">
            <div className="inline-flex items-center gap-1.5">
              <User className="size-4" aria-hidden="true" />
              <dt className="sr-only">Author</dt>
              <dd>{item.author?.trim() || `${PRODUCT_NAME} Team`}</dd>
            </div>
            {item.durationMinutes > 0 ? (
              <div className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden="true" />
                <dt className="sr-only">Duration</dt>
                <dd>{item.durationMinutes} min</dd>
              </div>
            ) : null}
            <div className="inline-flex items-center gap-1.5">
              <Eye className="size-4" aria-hidden="true" />
              <dt className="sr-only">Views</dt>
              <dd data-testid="view-count">
                {item.viewCount.toLocaleString("en-US")} {item.viewCount === 1 ? "view" : "views"}
              </dd>
            </div>
            {date ? (
              <div>
                <dt className="sr-only">Published</dt>
                <dd>
                  <DateText value={date} />
                </dd>
              </div>
            ) : null}
          </dl>
        </header>
        <div className="mt-8">
          <Player
            title={item.title}
            videoUrl={item.videoUrl}
            audioUrl={item.audioUrl}
            poster={item.image?.src ?? item.thumbnailUrl}
          />
        </div>
        {item.summary ? (
          <section aria-labelledby="summary-heading" className="mt-10">
            <h2 id="summary-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              What you'll learn
            </h2>
            <p className="mt-4 leading-8 text-slate-700">{item.summary}</p>
          </section>
        ) : null}
        {item.blocks.length > 0 ? <BlocksRenderer blocks={item.blocks} className="mt-6" /> : null}
        {item.tags.length > 0 ? (
          <div className="mt-10">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">Tags</h2>
            <TagList tags={item.tags} max={item.tags.length} className="mt-3" />
          </div>
        ) : null}
      </article>
      <RelatedSection heading="Related Content">
        {related.map((r) => (
          <AcademyCard key={r.slug} item={r} />
        ))}
      </RelatedSection>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      {previewErrorTitle(previewReason(error)) ? (
        <PreviewUnavailable reason={previewReason(error)}>
          <BackLink to="/academy">Back to Academy</BackLink>
        </PreviewUnavailable>
      ) : isNotFound(error) ? (
        <ContentState icon={FileQuestion} title="Content Not Found" headingLevel={1}>
          <p>The academy content you're looking for doesn't exist or is no longer available.</p>
          <BackLink to="/academy">Back to Academy</BackLink>
        </ContentState>
      ) : (
        <ContentState icon={AlertTriangle} title="Failed to load content" headingLevel={1} role="alert">
          <p>Something went wrong while loading this content. Please try again in a moment.</p>
          <BackLink to="/academy">Back to Academy</BackLink>
        </ContentState>
      )}
    </div>
  );
}

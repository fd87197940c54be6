import { AlertTriangle, FileQuestion, User } from "lucide-react";
import { data, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { BackLink, Breadcrumbs, RelatedSection } from "~/components/site/article-parts";
import { BlocksRenderer } from "~/components/site/blocks-renderer";
import { BlogCard, TagList } from "~/components/site/blog-card";
import { BlogUnavailable, ContentState } from "~/components/site/content-state";
import { BylineDate } from "~/components/site/date-text";
import { PreviewBanner, PreviewUnavailable, previewErrorTitle } from "~/components/site/preview-parts";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { ShareButton } from "~/components/site/share-button";
import { Badge } from "~/components/ui/badge";
import { requestInfo } from "~/infra/request-context.server";
import { bodyBlocks } from "~/lib/content";
import { PREVIEW_HEADERS, previewHeadersOr } from "~/lib/preview";
import { absoluteUrl, errorMeta, pageMeta, siteInfo, siteInfoFrom } from "~/lib/seo";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/lib/structured-data";
import {
  getPublishedPost,
  isBlogEnabled,
  listRelatedPosts,
  type BlogPost as Post,
} from "~/models/blog.server";
import { withImages } from "~/models/media.server";
import type { loader as rootLoader } from "~/root";
import { openPreviewPage, type PreviewBannerText } from "~/routes/support/preview.server";
import type { Route } from "./+types/post";

export async function loader({ params, context }: Route.LoaderArgs) {
  // A preview link (/preview/blog/<token>) shows the post whatever its status (docs/product.md, Preview links).
  if (params.token !== undefined) {
    const { item, banner } = await openPreviewPage("blog", params.token, requestInfo(context).ip);
    return data(await postPage(item, banner), { headers: PREVIEW_HEADERS });
  }
  if (!(await isBlogEnabled())) throw data({ reason: "blog-disabled" }, { status: 404 });
  const post = await getPublishedPost(params.slug);
  if (!post) throw data({ reason: "not-found" }, { status: 404 });
  return postPage(post, null);
}

async function postPage(post: Post, preview: PreviewBannerText | null) {
  const byImage = (p: { featuredImage: string | null }) => p.featuredImage;
  const [[shown], related] = await Promise.all([
    withImages([post], byImage),
    listRelatedPosts(post).then((posts) => withImages(posts, byImage)),
  ]);
  const { content, richContent, ...rest } = shown ?? { ...post, image: null };
  // Only the renderable blocks go to the browser, not both stored shapes of the body.
  return { post: { ...rest, blocks: bodyBlocks(richContent, content) }, related, preview };
}

/** A preview answers no-store and noindex; a public post keeps the page cache's headers. */
export function headers(args: Route.HeadersArgs) {
  return previewHeadersOr(args);
}

const reasonOf = (error: unknown) => {
  if (!isRouteErrorResponse(error)) return "failed";
  const reason = (error.data as { reason?: string } | null)?.reason;
  // A preview link's errors (404, 410, 429) name their reason; a plain 404 is a post not found.
  if (reason?.startsWith("preview-")) return reason;
  return error.status === 404 ? (reason ?? "not-found") : "failed";
};

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData) {
    const reason = reasonOf(error);
    return errorMeta(
      siteInfo(matches),
      previewErrorTitle(reason) ??
        (reason === "not-found"
          ? "Post Not Found"
          : reason === "blog-disabled"
            ? "Blog unavailable"
            : "Failed to load blog post"),
    );
  }
  const site = siteInfo(matches);
  const { post, preview } = loaderData;
  const path = `/blog/${post.slug}`;
  const description = post.metaDescription || post.excerpt;
  return pageMeta(site, {
    // A meta title is written for search results as a whole (its brand suffix becomes the site title); a plain
    // title gets the suffix.
    title: post.metaTitle || post.title,
    fullTitle: Boolean(post.metaTitle),
    description,
    path,
    noindex: Boolean(preview),
    type: "article",
    image: post.featuredImage,
    imageAlt: post.featuredImage ? post.image?.alt || post.title : undefined,
    article: {
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
      author: post.author,
      section: post.category,
      tags: post.tags,
    },
    jsonLd: [
      blogPostingJsonLd(site, {
        title: post.title,
        description,
        path,
        image: post.featuredImage,
        author: post.author,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt,
        category: post.category,
        tags: post.tags,
      }),
      breadcrumbJsonLd(site, [
        { name: "Blog", path: "/blog" },
        { name: post.title, path },
      ]),
    ],
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related, preview } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const url = absoluteUrl(siteInfoFrom(root), `/blog/${post.slug}`);
  const date = post.publishedAt ?? post.createdAt;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {preview ? <PreviewBanner {...preview} /> : null}
      <Breadcrumbs section={{ to: "/blog", label: "Blog" }} current={post.title} />
      <article className="mx-auto mt-8 max-w-3xl">
        <header>
          <BackLink to="/blog">Back to Blog</BackLink>
          {post.category ? (
            <div className="mt-6">
              <Badge variant="outline">{post.category}</Badge>
            </div>
          ) : null}
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {post.title}
          </h1>
          {post.excerpt ? <p className="mt-4 text-xl leading-8 text-slate-600">{post.excerpt}</p> : null}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4">
            <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center gap-1.5">
                <User className="size-4" aria-hidden="true" />
                <span>
                  <span className="sr-only">Author: </span>
                  {post.author}
                </span>
              </span>
              <BylineDate value={date} />
            </div>
            <ShareButton title={post.title} text={post.excerpt ?? undefined} url={url} />
          </div>
          <TagList tags={post.tags} max={post.tags.length} className="mt-4" />
        </header>
        {post.featuredImage ? (
          <ResponsiveImage
            src={post.featuredImage}
            image={post.image}
            width={1200}
            height={630}
            sizes="(min-width: 832px) 768px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)"
            priority
            className="mt-8 aspect-video w-full rounded-2xl bg-slate-100 object-cover"
          />
        ) : null}
        <BlocksRenderer blocks={post.blocks} className="mt-4" />
      </article>
      <RelatedSection heading="Related Articles">
        {related.map((p) => (
          <BlogCard key={p.slug} post={p} />
        ))}
      </RelatedSection>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reason = reasonOf(error);
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      {previewErrorTitle(reason) ? (
        <PreviewUnavailable reason={reason}>
          <BackLink to="/blog">Back to Blog</BackLink>
        </PreviewUnavailable>
      ) : reason === "blog-disabled" ? (
        <BlogUnavailable />
      ) : reason === "not-found" ? (
        <ContentState icon={FileQuestion} title="Post Not Found" headingLevel={1}>
          <p>The article you're looking for doesn't exist or is no longer available.</p>
          <BackLink to="/blog">Back to Blog</BackLink>
        </ContentState>
      ) : (
        <ContentState icon={AlertTriangle} title="Failed to load blog post" headingLevel={1} role="alert">
          <p>Something went wrong while loading this article. Please try again in a moment.</p>
          <BackLink to="/blog">Back to Blog</BackLink>
        </ContentState>
      )}
    </div>
  );
}

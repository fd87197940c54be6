import { AlertTriangle, BellRing, Newspaper, Rss } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { CardSection } from "~/components/site/article-parts";
import { BlogCard } from "~/components/site/blog-card";
import { BlogUnavailable, ContentState } from "~/components/site/content-state";
import { Button } from "~/components/ui/button";
import { PRODUCT_NAME } from "~/lib/brand";
import { errorMeta, pageMeta, siteInfo } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { isBlogEnabled, listPublishedPosts } from "~/models/blog.server";
import { withImages } from "~/models/media.server";
import type { Route } from "./+types/index";

export async function loader() {
  if (!(await isBlogEnabled())) throw data({ reason: "blog-disabled" }, { status: 404 });
  const posts = await withImages(await listPublishedPosts({ limit: 100 }), (p) => p.featuredImage);
  return { posts };
}

export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (error)
    return errorMeta(
      siteInfo(matches),
      isRouteErrorResponse(error) ? "Blog unavailable" : "Failed to load blog posts",
    );
  const site = siteInfo(matches);
  return [
    ...pageMeta(site, {
      title: "Blog",
      description:
        "Insights on AI proposals, pipeline management, revenue operations and sales strategy for AI and services firms, from the Asimov team.",
      path: "/blog",
      jsonLd: [breadcrumbJsonLd(site, [{ name: "Blog", path: "/blog" }])],
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${site.siteTitle} — Blog`,
      href: `${site.baseUrl}/rss.xml`,
    },
  ];
};

function BlogHero() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{PRODUCT_NAME} Blog</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Insights for revenue teams
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">
          Playbooks, research and practical advice on AI proposals, pipeline management and revenue
          operations.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/contact">
              <BellRing aria-hidden="true" />
              Subscribe to Updates
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a href="/rss.xml">
              <Rss aria-hidden="true" />
              RSS feed
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const [featured, ...rest] = loaderData.posts;
  return (
    <>
      <BlogHero />
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        {!featured ? (
          <ContentState icon={Newspaper} title="Coming Soon" className="mt-4">
            <p>No blog posts yet.</p>
            <p>
              We're writing our first articles. Leave your details and we'll let you know when they're out.
            </p>
            <Button asChild>
              <Link to="/contact">Get Notified</Link>
            </Button>
          </ContentState>
        ) : (
          <>
            <section aria-labelledby="featured-heading" className="mt-4">
              <h2 id="featured-heading" className="sr-only">
                Featured article
              </h2>
              <BlogCard post={featured} featured />
            </section>
            {rest.length > 0 ? (
              <CardSection id="latest-heading" heading="Latest Articles" className="mt-16">
                {rest.map((post) => (
                  <BlogCard key={post.slug} post={post} />
                ))}
              </CardSection>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <BlogUnavailable />
      ) : (
        <ContentState icon={AlertTriangle} title="Failed to load blog posts" headingLevel={1} role="alert">
          <p>Something went wrong while loading the articles. Please try again in a moment.</p>
          <Button asChild variant="outline">
            <a href="/blog">Try again</a>
          </Button>
        </ContentState>
      )}
    </div>
  );
}

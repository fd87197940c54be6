import { User } from "lucide-react";
import { Link } from "react-router";
import { BylineDate } from "~/components/site/date-text";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

/** The post fields a card shows (loader data of the blog pages). */
export interface BlogCardPost {
  slug: string;
  title: string;
  excerpt: string | null;
  author: string;
  category: string | null;
  tags: string[];
  publishedAt: Date | string | null;
  createdAt: Date | string;
  featuredImage: string | null;
}

/** Tags shown on cards (docs/product.md, Blog): featured 4, list 3. */
export const FEATURED_TAGS = 4;
export const LIST_TAGS = 3;

export function TagList({
  tags,
  max,
  className,
}: {
  tags: readonly string[];
  max: number;
  className?: string;
}) {
  const shown = tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="neutral">#{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}

export function BlogCard({
  post,
  featured = false,
  headingLevel = 3,
}: {
  post: BlogCardPost;
  featured?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const date = post.publishedAt ?? post.createdAt;
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600",
        featured && "lg:flex-row",
      )}
      data-testid={featured ? "featured-post" : "post-card"}
    >
      {post.featuredImage ? (
        <img
          src={post.featuredImage}
          alt=""
          loading={featured ? "eager" : "lazy"}
          width={featured ? 800 : 400}
          height={featured ? 450 : 225}
          className={cn("aspect-video w-full bg-slate-100 object-cover", featured && "lg:w-1/2")}
        />
      ) : (
        <div
          aria-hidden="true"
          className={cn(
            "aspect-video w-full bg-gradient-to-br from-brand-100 via-brand-50 to-white",
            featured && "lg:w-1/2",
          )}
        />
      )}
      <div className={cn("flex flex-1 flex-col p-6", featured && "lg:p-10")}>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {featured ? <Badge>Featured</Badge> : null}
          {post.category ? <Badge variant="outline">{post.category}</Badge> : null}
        </div>
        <Heading
          className={cn(
            "mt-3 font-bold tracking-tight text-slate-900",
            featured ? "text-2xl sm:text-3xl" : "text-lg",
          )}
        >
          {/* The whole card is clickable through this link's ::after; the link text stays the title. */}
          <Link
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? (
          <p
            className={cn(
              "mt-3 text-slate-600",
              featured ? "text-base leading-7" : "line-clamp-3 text-sm leading-6",
            )}
          >
            {post.excerpt}
          </p>
        ) : null}
        <TagList tags={post.tags} max={featured ? FEATURED_TAGS : LIST_TAGS} className="mt-4" />
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-5 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <User className="size-4" aria-hidden="true" />
            {post.author}
          </span>
          <BylineDate value={date} />
        </div>
      </div>
    </article>
  );
}

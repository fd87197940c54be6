import { User } from "lucide-react";
import { CardCover, CardShell, CardTitle } from "~/components/site/card-parts";
import { BylineDate } from "~/components/site/date-text";
import { Badge } from "~/components/ui/badge";
import type { PublicImage } from "~/lib/media";
import { cn } from "~/lib/utils";

/** The post fields a card shows (loader data of the blog pages). */
interface BlogCardPost {
  slug: string;
  title: string;
  excerpt: string | null;
  author: string;
  category: string | null;
  tags: string[];
  publishedAt: Date | string | null;
  createdAt: Date | string;
  featuredImage: string | null;
  /** The library's view of the featured image, when it is a library image. */
  image?: PublicImage | null;
}

/** Tags shown on cards (docs/product.md, Blog): featured 4, list 3. */
const FEATURED_TAGS = 4;
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
  const date = post.publishedAt ?? post.createdAt;
  return (
    <CardShell
      className={cn("border-slate-200", featured && "lg:flex-row")}
      testId={featured ? "featured-post" : "post-card"}
    >
      <CardCover
        src={post.featuredImage}
        image={post.image}
        eager={featured}
        width={featured ? 800 : 400}
        height={featured ? 450 : 225}
        sizes={
          featured
            ? "(min-width: 1280px) 608px, (min-width: 1024px) calc(50vw - 2rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)"
            : undefined
        }
        className={featured ? "lg:w-1/2" : undefined}
      />
      <div className={cn("flex flex-1 flex-col p-6", featured && "lg:p-10")}>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {featured ? <Badge>Featured</Badge> : null}
          {post.category ? <Badge variant="outline">{post.category}</Badge> : null}
        </div>
        <CardTitle
          level={headingLevel}
          to={`/blog/${post.slug}`}
          className={featured ? "text-2xl sm:text-3xl" : "text-lg"}
        >
          {post.title}
        </CardTitle>
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
    </CardShell>
  );
}

import { Clock, Headphones, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { LIST_TAGS, TagList } from "./blog-card";
import { DifficultyBadge } from "./difficulty-badge";

/** The item fields a card shows (loader data of the academy pages). */
export interface AcademyCardItem {
  slug: string;
  title: string;
  description: string | null;
  category: string;
  tags: string[];
  difficultyLevel: string;
  durationMinutes: number;
  thumbnailUrl: string | null;
  videoUrl: string | null;
  audioUrl: string | null;
  isFeatured: boolean;
}

export function AcademyCard({
  item,
  featured = false,
  headingLevel = 3,
}: {
  item: AcademyCardItem;
  featured?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const media = item.videoUrl ? "Video" : item.audioUrl ? "Audio" : null;
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600",
        featured ? "border-brand-200" : "border-slate-200",
      )}
      data-testid={featured ? "featured-item" : "academy-card"}
    >
      <div className="relative">
        {item.thumbnailUrl ? (
          <img
            src={item.thumbnailUrl}
            alt=""
            loading="lazy"
            width={400}
            height={225}
            className="aspect-video w-full bg-slate-100 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="aspect-video w-full bg-gradient-to-br from-brand-100 via-white to-brand-50"
          />
        )}
        {media ? (
          <span className="absolute bottom-3 left-3 inline-flex items-center gap-1 rounded-full bg-slate-900/85 px-2.5 py-1 text-xs font-semibold text-white">
            {media === "Video" ? (
              <PlayCircle className="size-3.5" aria-hidden="true" />
            ) : (
              <Headphones className="size-3.5" aria-hidden="true" />
            )}
            {media}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          {featured ? <Badge>Featured</Badge> : null}
          <Badge variant="outline">{item.category}</Badge>
          <DifficultyBadge level={item.difficultyLevel} />
        </div>
        <Heading className="mt-3 text-lg font-bold tracking-tight text-slate-900">
          {/* The whole card is clickable through this link's ::after; the link text stays the title. */}
          <Link
            to={`/academy/${item.slug}`}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none"
          >
            {item.title}
          </Link>
        </Heading>
        {item.description ? (
          <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{item.description}</p>
        ) : null}
        <TagList tags={item.tags} max={LIST_TAGS} className="mt-4" />
        {item.durationMinutes > 0 ? (
          <p className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm text-slate-600">
            <Clock className="size-4" aria-hidden="true" />
            {item.durationMinutes} min
          </p>
        ) : null}
      </div>
    </article>
  );
}

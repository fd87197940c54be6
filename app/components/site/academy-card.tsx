import { Clock, Headphones, PlayCircle } from "lucide-react";
import { CardCover, CardShell, CardTitle } from "~/components/site/card-parts";
import { Badge } from "~/components/ui/badge";
import type { PublicImage } from "~/lib/media";
import { LIST_TAGS, TagList } from "./blog-card";
import { DifficultyBadge } from "./difficulty-badge";

/** The item fields a card shows (loader data of the academy pages). */
interface AcademyCardItem {
  slug: string;
  title: string;
  description: string | null;
  category: string;
  tags: string[];
  difficultyLevel: string;
  durationMinutes: number;
  thumbnailUrl: string | null;
  /** The library's view of the thumbnail, when it is a library image. */
  image?: PublicImage | null;
  videoUrl: string | null;
  audioUrl: string | null;
  isFeatured: boolean;
}

export function AcademyCard({
  item,
  featured = false,
  eager = false,
  headingLevel = 3,
}: {
  item: AcademyCardItem;
  featured?: boolean;
  /** The first card of the page: its cover is loaded at once and first (see CardCover). */
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const media = item.videoUrl ? "Video" : item.audioUrl ? "Audio" : null;
  return (
    <CardShell
      className={featured ? "border-brand-200" : "border-slate-200"}
      testId={featured ? "featured-item" : "academy-card"}
    >
      <div className="relative">
        <CardCover src={item.thumbnailUrl} image={item.image} eager={eager} width={400} height={225} />
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
        <CardTitle level={headingLevel} to={`/academy/${item.slug}`} className="text-lg">
          {item.title}
        </CardTitle>
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
    </CardShell>
  );
}

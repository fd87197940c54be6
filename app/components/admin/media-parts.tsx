// Pieces the media library screen and the media picker share: a file's thumbnail (or its kind's icon), its facts
// in one line, the alt text warning, the list of places it is used, and the queue of uploads with their progress.
import { AlertTriangle, ExternalLink, Film, Music, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { KIND_LABELS, type MediaView } from "~/lib/media";
import { formatBytes } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import type { QueuedUpload } from "./media-upload";

/** The small copy of an image, or an icon for video and audio. Decorative: the file's title is always next to it. */
export function MediaThumb({ item, className }: { item: MediaView; className?: string }) {
  if (item.thumbnailUrl) {
    return (
      <img
        src={item.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        className={cn("size-full bg-slate-100 object-cover", className)}
      />
    );
  }
  const Icon = item.kind === "video" ? Film : Music;
  return (
    <span className={cn("flex size-full items-center justify-center bg-slate-100 text-slate-500", className)}>
      <Icon className="size-8" aria-hidden />
    </span>
  );
}

function formatDimensions(item: Pick<MediaView, "width" | "height">): string | undefined {
  return item.width && item.height ? `${item.width} × ${item.height}` : undefined;
}

/** "Image · 1200 × 630 · 245 KB". */
export function mediaFacts(item: MediaView): string {
  const kind = KIND_LABELS[item.kind].one;
  return [kind.charAt(0).toUpperCase() + kind.slice(1), formatDimensions(item), formatBytes(item.sizeBytes)]
    .filter(Boolean)
    .join(" · ");
}

/** An image used on the site (or about to be) needs alt text. */
export const needsAltText = (item: MediaView) => item.kind === "image" && !item.altText.trim();

export function MissingAltBadge({ item }: { item: MediaView }) {
  if (!needsAltText(item)) return null;
  const inUse = item.usage.length > 0;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
        inUse ? "bg-amber-100 text-amber-900 ring-1 ring-amber-300" : "bg-slate-100 text-slate-700",
      )}
    >
      {inUse ? <AlertTriangle className="size-3.5" aria-hidden /> : null}
      {inUse ? "In use without alt text" : "No alt text"}
    </span>
  );
}

const USAGE_KIND: Record<MediaView["usage"][number]["kind"], string> = {
  blog: "Blog post",
  academy: "Academy item",
  showcase: "Showcase",
  setting: "Settings",
};

/** Where a file is used: each place with its field, whether visitors see it, and links to edit and view it. */
export function UsageList({ item }: { item: MediaView }) {
  if (item.usage.length === 0)
    return <p className="text-sm text-slate-600">Not used anywhere on the site.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {item.usage.map((u) => (
        <li
          key={`${u.kind}-${u.id}-${u.field}`}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
        >
          <span className="min-w-0 flex-1">
            <span className="text-slate-600">{USAGE_KIND[u.kind]}: </span>
            <a href={u.adminHref} className="font-medium text-slate-900 underline-offset-2 hover:underline">
              {u.label}
            </a>
            <span className="text-slate-600"> · {u.field}</span>
          </span>
          <span className={cn("text-xs font-semibold", u.public ? "text-green-800" : "text-slate-600")}>
            {u.public ? "Public" : "Not public"}
          </span>
          {u.publicHref ? (
            <a
              href={u.publicHref}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-xs text-brand-700 hover:underline"
            >
              <ExternalLink className="size-3.5" aria-hidden />
              View<span className="sr-only"> {u.label} on the site (opens in a new tab)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** "Uploaded 3 Mar 2026 by ada@example.com". */
export function uploadedLine(item: MediaView): string {
  return `Uploaded ${formatDate(item.createdAt)}${item.createdBy ? ` by ${item.createdBy}` : ""}`;
}

/** The uploads under way and their outcome: a progress bar each, the server's message when one is refused. */
export function UploadQueue({
  uploads,
  dismiss,
  clearFinished,
}: {
  uploads: QueuedUpload[];
  dismiss: (id: number) => void;
  clearFinished?: () => void;
}) {
  const finished = uploads.filter((u) => u.status === "done" || u.status === "failed").length;
  return (
    <div aria-live="polite" aria-relevant="additions text">
      {uploads.length > 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Uploads</h2>
            {clearFinished && finished > 0 ? (
              <Button type="button" variant="ghost" size="sm" onClick={clearFinished}>
                Clear finished
              </Button>
            ) : null}
          </div>
          <ul className="divide-y divide-slate-200">
            {uploads.map((u) => (
              <li key={u.id} className="flex items-start gap-3 px-4 py-2 text-sm" data-testid="upload-row">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="truncate font-medium text-slate-900">{u.name}</p>
                  {u.status === "uploading" || u.status === "waiting" ? (
                    <div className="flex items-center gap-2">
                      <progress
                        value={u.status === "waiting" ? undefined : u.progress}
                        max={1}
                        aria-label={`Uploading ${u.name}`}
                        className="h-2 min-w-0 flex-1 accent-brand-600"
                      />
                      <span className="text-xs text-slate-600 tabular-nums">
                        {u.status === "waiting" ? "Waiting" : `${Math.round(u.progress * 100)}%`}
                      </span>
                    </div>
                  ) : (
                    <p
                      className={cn(
                        "text-xs",
                        u.status === "failed" ? "font-medium text-red-700" : "text-green-800",
                      )}
                    >
                      {u.status === "failed"
                        ? u.message
                        : `Uploaded${u.media && needsAltText(u.media) ? ". Add its alt text before using it." : "."}`}
                    </p>
                  )}
                </div>
                {u.status === "failed" || u.status === "done" ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    onClick={() => dismiss(u.id)}
                  >
                    <X aria-hidden />
                    <span className="sr-only">Dismiss {u.name}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A larger look at the file: the image, or a player for video and audio. */
export function MediaPreview({ item }: { item: MediaView }) {
  if (item.kind === "image") {
    return (
      <div className="aspect-[4/3] overflow-hidden rounded-lg bg-slate-100">
        <MediaThumb item={item} className="object-contain" />
      </div>
    );
  }
  if (item.kind === "video") {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded file for the administrator
      <video
        src={item.url}
        controls
        preload="metadata"
        className="w-full rounded-lg bg-slate-900"
        aria-label={`Preview of ${item.title}`}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded file for the administrator
    <audio
      src={item.url}
      controls
      preload="metadata"
      className="w-full"
      aria-label={`Preview of ${item.title}`}
    />
  );
}

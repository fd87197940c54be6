// The media library screen (docs/product.md, Media library): upload zone with a queue of uploads and their progress,
// filters kept in the URL, and a grid of every file with its thumbnail, facts, alt text warning and where it is used.
// Each file opens a details dialog (alt text, title, facts, places of use) and can be deleted after a confirmation;
// a file in use cannot be deleted, and the dialog says where it is used instead.
import { ImageOff, Search, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useRevalidator, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { showToast, useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import {
  KIND_FORMATS,
  KIND_LABELS,
  MEDIA_KINDS,
  MEDIA_MESSAGES,
  type MediaLibraryData,
  type MediaView,
} from "~/lib/media";
import { BUCKETS, formatBytes } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import { MediaDetailsDialog } from "./media-details-dialog";
import { MediaThumb, MissingAltBadge, mediaFacts, needsAltText, UploadQueue, UsageList } from "./media-parts";
import { acceptFor, useUploadQueue } from "./media-upload";
import { useUrlFilters } from "./use-url-filters";

const DELETE_FETCHER = "media-delete";

export function MediaLibrary({ data }: { data: MediaLibraryData }) {
  const revalidator = useRevalidator();
  const deleter = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  useActionToast(deleter.data);
  useEffect(() => {
    if (data.loadFailed) showToast({ type: "error", message: MEDIA_MESSAGES.loadFailed });
  }, [data.loadFailed]);
  const queue = useUploadQueue({ onUploaded: () => void revalidator.revalidate() });
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/media";
  const all = data.counts.image + data.counts.video + data.counts.audio;

  return (
    <div className="space-y-6">
      <UploadZone add={queue.add} />
      <UploadQueue uploads={queue.uploads} dismiss={queue.dismiss} clearFinished={queue.clearFinished} />
      <section aria-labelledby="media-files-heading" className="space-y-4">
        <h2 id="media-files-heading" className="sr-only">
          Files
        </h2>
        <MediaFilters data={data} />
        <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
          {loading ? <Spinner label="Loading files" className="text-slate-500" /> : null}
          {data.total > data.items.length
            ? `Showing the newest ${data.items.length} of ${data.total} files`
            : `${data.total} ${data.total === 1 ? "file" : "files"}`}
        </p>
        {data.items.length === 0 ? (
          <EmptyState filtered={all > 0} />
        ) : (
          <ul
            aria-busy={loading || undefined}
            className={cn(
              "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 2xl:grid-cols-5",
              loading && "opacity-60",
            )}
          >
            {data.items.map((item) => (
              <MediaCard key={item.id} item={item} timeZone={data.timeZone} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function UploadZone({ add }: { add: (files: Iterable<File>) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside is the keyboard's way
    <div
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (e.dataTransfer.files.length) add(e.dataTransfer.files);
      }}
      data-testid="media-drop-zone"
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-white px-4 py-8 text-center transition-colors",
        over ? "border-brand-500 bg-brand-50" : "border-slate-300",
      )}
    >
      <Upload className="size-8 text-slate-500" aria-hidden />
      <p className="text-sm font-medium text-slate-800">Drag and drop files here, or</p>
      <Button type="button" onClick={() => input.current?.click()} aria-describedby={hintId}>
        <Upload aria-hidden />
        Upload files
      </Button>
      <p id={hintId} className="max-w-xl text-xs text-slate-600">
        Images up to {formatBytes(BUCKETS.images.fileSizeLimit)} ({KIND_FORMATS.image}), videos up to{" "}
        {formatBytes(BUCKETS.videos.fileSizeLimit)} ({KIND_FORMATS.video}), audio up to{" "}
        {formatBytes(BUCKETS.audio.fileSizeLimit)} ({KIND_FORMATS.audio}).
      </p>
      <input
        ref={input}
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden
        className="hidden"
        accept={acceptFor()}
        data-testid="media-upload-input"
        onChange={(e) => {
          if (e.target.files?.length) add(e.target.files);
          e.target.value = "";
        }}
      />
    </div>
  );
}

function MediaFilters({ data }: { data: MediaLibraryData }) {
  const submit = useSubmit();
  const { filter } = data;
  const { formRef, inputRef, text, setText, send } = useUrlFilters(filter.q, {
    type: filter.kind,
    missing: filter.missingAlt ? "alt" : undefined,
  });

  const filtered = Boolean(filter.q || filter.kind || filter.missingAlt);
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter media"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="min-w-0 flex-1 sm:min-w-56">
        <label htmlFor="media-search" className="mb-1.5 block text-sm font-medium text-slate-800">
          Search by name
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <Input
            ref={inputRef}
            id="media-search"
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder="File name or title"
            className="pl-9"
          />
        </div>
      </div>
      <Field id="media-type" label="Type" className="sm:w-44">
        {(aria) => (
          <Select {...aria} name="type" defaultValue={filter.kind ?? ""} onChange={() => send(false)}>
            <option value="">All types ({data.counts.image + data.counts.video + data.counts.audio})</option>
            {MEDIA_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k].many} ({data.counts[k]})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="missing"
          value="alt"
          defaultChecked={filter.missingAlt}
          onChange={() => send(false)}
          className="size-4 accent-brand-600"
        />
        Only images without alt text
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="outline">
          Search
        </Button>
        {filtered ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => submit(new URLSearchParams(), { method: "get" })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-12 text-center">
      <ImageOff className="size-8 text-slate-500" aria-hidden />
      {filtered ? (
        <p className="text-sm text-slate-700">No files match these filters.</p>
      ) : (
        <>
          <p className="font-semibold text-slate-900">No media yet</p>
          <p className="max-w-md text-sm text-slate-600">
            Upload images, videos and audio above; they can then be chosen in the blog, academy, showcase and
            SEO forms.
          </p>
        </>
      )}
    </div>
  );
}

function MediaCard({ item, timeZone }: { item: MediaView; timeZone: string }) {
  const deleter = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  const deleting = deleter.state !== "idle" && deleter.formData?.get("id") === item.id;
  const places = item.usage.length;
  return (
    <li
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-xl border bg-white shadow-sm",
        needsAltText(item) && places > 0 ? "border-amber-300" : "border-slate-200",
        deleting && "opacity-50",
      )}
      data-testid="media-card"
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <MediaThumb item={item} />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h3 className="truncate text-sm font-semibold text-slate-900" title={item.title}>
          {item.title || "Untitled"}
        </h3>
        <p className="text-xs text-slate-600">{mediaFacts(item)}</p>
        <p className="text-xs text-slate-600">
          {places === 0 ? "Not used" : `Used in ${places} ${places === 1 ? "place" : "places"}`}
        </p>
        {item.kind === "image" && item.altText ? (
          <p className="line-clamp-2 text-xs text-slate-700">
            <span className="sr-only">Alt text: </span>“{item.altText}”
          </p>
        ) : null}
        <div>
          <MissingAltBadge item={item} />
        </div>
        <div className="mt-auto flex items-center gap-1 pt-1">
          <MediaDetailsDialog item={item} timeZone={timeZone} />
          <DeleteMediaButton item={item} />
        </div>
      </div>
    </li>
  );
}

function DeleteMediaButton({ item }: { item: MediaView }) {
  const deleter = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  const trigger = (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 text-red-700 hover:bg-red-50 hover:text-red-800"
    >
      <Trash2 aria-hidden />
      <span className="sr-only">Delete {item.title}</span>
    </Button>
  );
  if (item.usage.length > 0) {
    return (
      <Dialog>
        <DialogTrigger asChild>{trigger}</DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>This file is in use</DialogTitle>
            <DialogDescription>
              {item.title} cannot be deleted while the site uses it. Replace it in these places first:
            </DialogDescription>
          </DialogHeader>
          <UsageList item={item} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                OK
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      title="Delete this file?"
      description={`${item.title} will be removed from the library and from storage. This cannot be undone.`}
      onConfirm={() =>
        deleter.submit({ intent: "delete", id: item.id }, { method: "post", action: "/admin/media" })
      }
      trigger={trigger}
    />
  );
}

// The media picker (docs/product.md, Media library): a dialog over a form's media field that lists the library's
// files of one kind (search by name), uploads new ones into it, and hands the chosen file's URL back. An image needs
// alt text before it can be chosen: the picker asks for it and saves it in the library first. Loaded on demand by
// MediaUrlField (admin forms only), so none of it reaches a public page.
import { Search, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import {
  ALT_TEXT_MAX,
  KIND_LABELS,
  MEDIA_MESSAGES,
  type MediaKind,
  type MediaLibraryData,
  type MediaView,
} from "~/lib/media";
import { cn } from "~/lib/utils";
import {
  MediaPreview,
  MediaThumb,
  MissingAltBadge,
  mediaFacts,
  needsAltText,
  UploadQueue,
} from "./media-parts";
import { acceptFor, useUploadQueue } from "./media-upload";
import { SEARCH_DELAY_MS } from "./use-url-filters";

const pickerTitle = (kind: MediaKind) =>
  kind === "image" ? "Choose an image" : kind === "video" ? "Choose a video" : "Choose an audio file";

interface MediaPickerProps {
  kind: MediaKind;
  /** The file to start with (the field's current file, or one just uploaded that still needs alt text). */
  initial?: MediaView;
  onPick: (item: MediaView) => void;
  onClose: () => void;
}

export default function MediaPicker({ kind, initial, onPick, onClose }: MediaPickerProps) {
  const list = useFetcher<MediaLibraryData>();
  const saver = useFetcher<ActionResult>();
  useActionToast(saver.data?.ok === false ? saver.data : undefined);
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<MediaView | undefined>(initial);
  const [alt, setAlt] = useState(initial?.altText ?? "");
  const [altError, setAltError] = useState<string | undefined>();
  const altRef = useRef<HTMLTextAreaElement>(null);
  const uid = useId();
  const label = KIND_LABELS[kind].one;

  const load = (query: string) =>
    list.load(`/admin/media?${new URLSearchParams({ type: kind, ...(query ? { q: query } : {}) })}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on open and after each pause in typing
  useEffect(() => {
    const timer = setTimeout(() => load(q.trim()), q ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [q]);

  const select = (item: MediaView) => {
    setSelected(item);
    setAlt(item.altText);
    setAltError(undefined);
  };
  const queue = useUploadQueue({
    only: kind,
    onUploaded: (answer) => {
      select(answer.media);
      load(q.trim());
    },
  });

  // Saving alt text first: pick once the library has it (after the save has been under way and is done, whatever
  // else rendered in between).
  const pending = useRef<{ item: MediaView; sent: boolean } | undefined>(undefined);
  useEffect(() => {
    const save = pending.current;
    if (!save) return;
    if (saver.state !== "idle") {
      save.sent = true;
      return;
    }
    if (!save.sent) return;
    pending.current = undefined;
    if (saver.data?.ok) onPick(save.item);
    else setAltError(saver.data?.fieldErrors?.altText ?? MEDIA_MESSAGES.saveFailed);
  }, [saver.state, saver.data, onPick]);

  function use() {
    if (!selected) return;
    const text = alt.trim();
    if (selected.kind === "image" && !text) {
      setAltError("Add alt text to use this image.");
      altRef.current?.focus();
      return;
    }
    if (selected.kind === "image" && text !== selected.altText) {
      pending.current = { item: { ...selected, altText: text }, sent: false };
      saver.submit(
        { intent: "details", id: selected.id, altText: text, title: selected.title },
        { method: "post", action: "/admin/media" },
      );
      return;
    }
    onPick(selected);
  }

  const items = list.data?.items ?? [];
  const shown = selected && !items.some((i) => i.id === selected.id) ? [selected, ...items] : items;
  const loading = list.state === "loading" && !list.data;
  const saving = saver.state !== "idle";

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-4xl"
        onOpenAutoFocus={(e) => {
          if (initial && needsAltText(initial)) {
            e.preventDefault();
            altRef.current?.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{pickerTitle(kind)}</DialogTitle>
          <DialogDescription>
            Pick a file from the media library or upload a new one.
            {kind === "image" ? " Images need alt text before they are used." : ""}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={`${uid}-q`} className="sr-only">
              Search the library by name
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <Input
              id={`${uid}-q`}
              type="search"
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              placeholder="Search by name"
              className="pl-9"
            />
          </div>
          <UploadButton kind={kind} add={queue.add} />
        </div>
        <div className="mt-3">
          <UploadQueue uploads={queue.uploads} dismiss={queue.dismiss} />
        </div>
        <div className="mt-3 grid gap-4 md:grid-cols-[1fr_16rem]">
          <fieldset className="min-w-0">
            <legend className="sr-only">Files in the library</legend>
            {loading ? (
              <p className="flex items-center gap-2 py-8 text-sm text-slate-600">
                <Spinner label={`Loading ${KIND_LABELS[kind].many.toLowerCase()}`} /> Loading the library…
              </p>
            ) : list.data?.loadFailed ? (
              <div className="py-8 text-sm text-red-700" role="alert">
                {MEDIA_MESSAGES.loadFailed}.{" "}
                <Button type="button" variant="link" className="h-auto p-0" onClick={() => load(q.trim())}>
                  Try again
                </Button>
              </div>
            ) : shown.length === 0 ? (
              <p className="py-8 text-sm text-slate-600">
                {q.trim()
                  ? `No ${KIND_LABELS[kind].many.toLowerCase()} match “${q.trim()}”.`
                  : `No ${KIND_LABELS[kind].many.toLowerCase()} in the library yet. Upload one.`}
              </p>
            ) : (
              <ul className="grid max-h-[45dvh] grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3">
                {shown.map((item) => (
                  <li key={item.id}>
                    <label
                      className={cn(
                        "flex h-full cursor-pointer flex-col gap-1 rounded-lg border p-1.5 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                        selected?.id === item.id
                          ? "border-brand-600 ring-2 ring-brand-600"
                          : "border-slate-200",
                      )}
                    >
                      <input
                        type="radio"
                        name={`${uid}-pick`}
                        value={item.id}
                        checked={selected?.id === item.id}
                        onChange={() => select(item)}
                        className="sr-only"
                      />
                      <span className="block aspect-[4/3] overflow-hidden rounded bg-slate-100">
                        <MediaThumb item={item} />
                      </span>
                      <span className="truncate font-medium text-slate-900" title={item.title}>
                        {item.title || "Untitled"}
                      </span>
                      <MissingAltBadge item={item} />
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <div className="space-y-3" aria-live="polite">
            {selected ? (
              <>
                <MediaPreview item={selected} />
                <p className="break-all text-sm font-medium text-slate-900">{selected.title}</p>
                <p className="text-xs text-slate-600">{mediaFacts(selected)}</p>
                {selected.kind === "image" ? (
                  <TextareaField
                    ref={altRef}
                    id={`${uid}-alt`}
                    label="Alt text"
                    rows={3}
                    maxLength={ALT_TEXT_MAX}
                    value={alt}
                    onChange={(e) => {
                      setAlt(e.currentTarget.value);
                      setAltError(undefined);
                    }}
                    hint={MEDIA_MESSAGES.altHint}
                    error={altError}
                  />
                ) : null}
              </>
            ) : (
              <p className="text-sm text-slate-600">Choose a file to see it here.</p>
            )}
          </div>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" onClick={use} disabled={!selected || saving}>
            {saving ? <Spinner /> : null}
            {saving ? "Saving..." : `Use this ${label}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UploadButton({ kind, add }: { kind: MediaKind; add: (files: Iterable<File>) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => input.current?.click()}>
        <Upload aria-hidden />
        Upload new
      </Button>
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        aria-hidden
        className="hidden"
        accept={acceptFor(kind)}
        data-testid="media-picker-file"
        onChange={(e) => {
          if (e.target.files?.length) add(e.target.files);
          e.target.value = "";
        }}
      />
    </>
  );
}

// A media field: a URL (external media stay possible), or a file chosen from the media library, or one uploaded
// into it (POST /api/uploads, with progress). Used wherever a form asks for media (blog featured image, academy
// thumbnail / video / audio, showcase, Open Graph image). Under the input it shows the library's file the URL names,
// and for an image without alt text a warning with "Add alt text", which opens the picker on it; an image uploaded
// here without alt text opens the picker at once to ask for it (docs/product.md, Media library). The picker loads
// on demand. Without JavaScript it is a plain URL input.
//
//   <MediaUrlField id="thumbnail" name="thumbnailUrl" label="Thumbnail URL" bucket="images" />
import { AlertTriangle, Images, Upload } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/components/ui/toaster";
import {
  KIND_OF_BUCKET,
  MEDIA_MESSAGES,
  type MediaLibraryData,
  type MediaView,
  uploadStem,
} from "~/lib/media";
import { BUCKETS, type BucketName, formatBytes } from "~/lib/uploads";
import { MediaThumb, needsAltText } from "./media-parts";
import { acceptFor, uploadFile } from "./media-upload";

const MediaPicker = lazy(() => import("./media-picker"));

interface MediaUrlFieldProps {
  id: string;
  name: string;
  label: string;
  bucket: BucketName;
  defaultValue?: string;
  /** Controlled use: the current URL and its setter. */
  value?: string;
  onChange?: (url: string) => void;
  hint?: React.ReactNode;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

export function MediaUrlField({
  id,
  name,
  label,
  bucket,
  defaultValue = "",
  value,
  onChange,
  hint,
  error,
  required,
  placeholder = "https://… or choose from the library",
}: MediaUrlFieldProps) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const set = (url: string) => {
    if (value === undefined) setOwn(url);
    onChange?.(url);
  };
  const kind = KIND_OF_BUCKET[bucket];
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>();
  const [picker, setPicker] = useState<{ initial?: MediaView } | undefined>();
  const entry = useLibraryEntry(current);
  const config = BUCKETS[bucket];

  async function upload(file: File) {
    setProgress(0);
    try {
      const answer = await uploadFile(file, { only: kind, onProgress: setProgress });
      set(answer.url);
      showToast({ type: "success", message: MEDIA_MESSAGES.uploaded });
      // An image is not usable without alt text: ask for it now.
      if (needsAltText(answer.media)) setPicker({ initial: answer.media });
    } catch (e) {
      showToast({ type: "error", message: (e as Error).message || MEDIA_MESSAGES.uploadFailed });
    } finally {
      setProgress(undefined);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  const uploading = progress !== undefined;
  return (
    <>
      <Field
        id={id}
        label={label}
        error={error}
        hint={
          <>
            {hint ? <>{hint} </> : null}
            Uploads: up to {formatBytes(config.fileSizeLimit)}.
          </>
        }
      >
        {(aria) => (
          <div className="space-y-2">
            <div className="flex flex-wrap gap-2">
              <Input
                {...aria}
                name={name}
                type="text"
                inputMode="url"
                autoComplete="off"
                value={current}
                onChange={(e) => set(e.target.value)}
                placeholder={placeholder}
                required={required}
                className="min-w-0 flex-1 basis-48"
              />
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setPicker({ initial: entry })}
                  aria-label={`Library: choose a file for ${label}`}
                  aria-haspopup="dialog"
                >
                  <Images aria-hidden />
                  <span className="hidden sm:inline">Library</span>
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={uploading}
                  onClick={() => fileInput.current?.click()}
                  aria-label={uploading ? `Uploading ${label}` : `Upload a file for ${label}`}
                >
                  <Upload aria-hidden />
                  <span className="hidden sm:inline">{uploading ? "Uploading..." : "Upload"}</span>
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  tabIndex={-1}
                  aria-hidden
                  className="hidden"
                  data-testid={`${id}-file`}
                  accept={acceptFor(kind)}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) void upload(file);
                  }}
                />
              </div>
            </div>
            {uploading ? (
              <progress
                value={progress}
                max={1}
                aria-label={`Uploading ${label}`}
                className="h-2 w-full accent-brand-600"
              />
            ) : null}
            {entry ? (
              <LibraryNote entry={entry} label={label} onAddAlt={() => setPicker({ initial: entry })} />
            ) : null}
          </div>
        )}
      </Field>
      {picker ? (
        <Suspense fallback={null}>
          <MediaPicker
            kind={kind}
            initial={picker.initial}
            onPick={(item) => {
              set(item.url);
              setPicker(undefined);
            }}
            onClose={() => setPicker(undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The library entry the field's URL names (undefined for external URLs, unknown files, and while loading). */
function useLibraryEntry(url: string): MediaView | undefined {
  const fetcher = useFetcher<MediaLibraryData>();
  const stem = uploadStem(url);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per file the URL names, not per keystroke
  useEffect(() => {
    if (stem) fetcher.load(`/admin/media?${new URLSearchParams({ url })}`);
  }, [stem]);
  const item = fetcher.data?.items[0];
  return stem && item && uploadStem(item.url) === stem ? item : undefined;
}

function LibraryNote({ entry, label, onAddAlt }: { entry: MediaView; label: string; onAddAlt: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-2 text-xs">
      <span className="block size-10 shrink-0 overflow-hidden rounded">
        <MediaThumb item={entry} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{entry.title || "Untitled"}</p>
        {entry.kind !== "image" ? (
          <p className="text-slate-600">From the media library</p>
        ) : needsAltText(entry) ? (
          <p className="flex items-center gap-1 font-semibold text-amber-900">
            <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
            This image has no alt text yet.
          </p>
        ) : (
          <p className="line-clamp-2 text-slate-700">Alt text: “{entry.altText}”</p>
        )}
      </div>
      {entry.kind === "image" ? (
        <Button type="button" variant="outline" size="sm" onClick={onAddAlt}>
          {needsAltText(entry) ? "Add alt text" : "Edit alt text"}
          <span className="sr-only"> ({label})</span>
        </Button>
      ) : null}
    </div>
  );
}

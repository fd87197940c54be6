// Sending one file to POST /api/uploads with progress (XMLHttpRequest: fetch cannot report upload progress), and the
// checks the browser can make first so a person learns at once that a file is too large or of the wrong type. The
// server checks again (by the file's content) and is the authority; its message is shown when it refuses.
import { useCallback, useRef, useState } from "react";
import { BUCKET_OF_KIND, KIND_FORMATS, MEDIA_MESSAGES, type MediaKind, type MediaView } from "~/lib/media";
import { BUCKETS, formatBytes } from "~/lib/uploads";

interface UploadAnswer {
  url: string;
  media: MediaView;
}

/** The kind of file a browser says it is (its MIME type, else its extension), or undefined when the library takes none. */
function kindOfFile(file: File): MediaKind | undefined {
  const type = file.type.toLowerCase();
  for (const kind of ["image", "video", "audio"] as const) {
    if ((BUCKETS[BUCKET_OF_KIND[kind]].allowedMimeTypes as readonly string[]).includes(type)) return kind;
  }
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (["jpg", "jpeg", "png", "gif", "webp", "avif"].includes(ext)) return "image";
  if (["mp4", "m4v", "webm", "mov"].includes(ext)) return "video";
  if (["mp3", "wav", "ogg", "oga", "opus", "m4a", "aac", "flac"].includes(ext)) return "audio";
  return undefined;
}

/** The file input's `accept`: the MIME types of one kind (or all), plus extensions some systems report no type for. */
export function acceptFor(kind?: MediaKind): string {
  const kinds = kind ? [kind] : (["image", "video", "audio"] as const);
  const extensions: Record<MediaKind, string[]> = { image: [], video: [".mov"], audio: [".mp3", ".m4a"] };
  return kinds.flatMap((k) => [...BUCKETS[BUCKET_OF_KIND[k]].allowedMimeTypes, ...extensions[k]]).join(",");
}

/** What is wrong with a file before it is sent (same sentences as the server's), or undefined when it may go. */
function checkFile(file: File, only?: MediaKind): string | undefined {
  const kind = kindOfFile(file);
  if (!kind || (only && kind !== only)) {
    const kinds: MediaKind[] = only ? [only] : ["image", "video", "audio"];
    return `${file.name} is not a supported file. Allowed: ${kinds
      .map((k) => `${BUCKETS[BUCKET_OF_KIND[k]].label} (${KIND_FORMATS[k]})`)
      .join("; ")}.`;
  }
  const bucket = BUCKET_OF_KIND[kind];
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > BUCKETS[bucket].fileSizeLimit) {
    return `${file.name} is too large: the limit for ${BUCKETS[bucket].label} is ${formatBytes(BUCKETS[bucket].fileSizeLimit)}.`;
  }
  return undefined;
}

/** Uploads one file into its bucket, reporting progress (0–1). Rejects with the message to show. */
export function uploadFile(
  file: File,
  { only, onProgress }: { only?: MediaKind; onProgress?: (fraction: number) => void } = {},
): Promise<UploadAnswer> {
  const problem = checkFile(file, only);
  if (problem) return Promise.reject(new Error(problem));
  const bucket = BUCKET_OF_KIND[kindOfFile(file) ?? "image"];
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?bucket=${bucket}`);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as (Partial<UploadAnswer> & { error?: { message?: string } }) | null;
      if (xhr.status === 201 && body?.url && body.media) resolve(body as UploadAnswer);
      else reject(new Error(body?.error?.message ?? MEDIA_MESSAGES.uploadFailed));
    });
    xhr.addEventListener("error", () => reject(new Error(MEDIA_MESSAGES.uploadFailed)));
    xhr.addEventListener("abort", () => reject(new Error(MEDIA_MESSAGES.uploadFailed)));
    const body = new FormData();
    body.set("file", file);
    xhr.send(body);
  });
}

export interface QueuedUpload {
  id: number;
  name: string;
  /** 0–1 while uploading. */
  progress: number;
  status: "waiting" | "uploading" | "done" | "failed";
  message?: string;
  media?: MediaView;
}

/** Files sent at once; the rest wait their turn, so a large drop does not saturate the connection. */
const PARALLEL_UPLOADS = 2;

/**
 * A queue of uploads with their progress and outcome, for the library screen and the picker. `onUploaded` runs for
 * each file the server accepted.
 */
export function useUploadQueue({
  only,
  onUploaded,
}: {
  only?: MediaKind;
  onUploaded?: (answer: UploadAnswer) => void;
} = {}) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const nextId = useRef(1);
  const waiting = useRef<Array<{ id: number; file: File }>>([]);
  const running = useRef(0);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const update = useCallback((id: number, change: Partial<QueuedUpload>) => {
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const next = waiting.current.shift();
      if (!next) break;
      running.current++;
      update(next.id, { status: "uploading" });
      uploadFile(next.file, { only, onProgress: (progress) => update(next.id, { progress }) })
        .then((answer) => {
          update(next.id, { status: "done", progress: 1, media: answer.media });
          uploaded.current?.(answer);
        })
        .catch((error: Error) => update(next.id, { status: "failed", message: error.message }))
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, [only, update]);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: QueuedUpload[] = [];
      for (const file of files) {
        const id = nextId.current++;
        const problem = checkFile(file, only);
        added.push({
          id,
          name: file.name,
          progress: 0,
          status: problem ? "failed" : "waiting",
          message: problem,
        });
        if (!problem) waiting.current.push({ id, file });
      }
      setUploads((list) => [...added, ...list]);
      pump();
    },
    [only, pump],
  );

  const dismiss = useCallback((id: number) => setUploads((list) => list.filter((u) => u.id !== id)), []);
  const clearFinished = useCallback(
    () => setUploads((list) => list.filter((u) => u.status === "waiting" || u.status === "uploading")),
    [],
  );
  return {
    uploads,
    add,
    dismiss,
    clearFinished,
    busy: uploads.some((u) => u.status === "uploading" || u.status === "waiting"),
  };
}

// Upload buckets and media URL helpers, shared by the storage module (server) and MediaUrlField (browser).

interface BucketConfig {
  /** Shown in messages: "the limit for images is 10 MB". */
  label: string;
  fileSizeLimit: number;
  /** Checked against the type sniffed from the file's content, never only the name or the browser's claim. */
  allowedMimeTypes: readonly string[];
  public: boolean;
}

const MB = 1024 * 1024;

export const BUCKETS = {
  images: {
    label: "images",
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"],
    public: true,
  },
  videos: {
    label: "videos",
    fileSizeLimit: 200 * MB,
    allowedMimeTypes: ["video/mp4", "video/webm", "video/quicktime"],
    public: true,
  },
  audio: {
    label: "audio",
    fileSizeLimit: 50 * MB,
    allowedMimeTypes: [
      "audio/mpeg",
      "audio/wav",
      "audio/ogg",
      "audio/mp4",
      "audio/x-m4a",
      "audio/aac",
      "audio/flac",
      "audio/webm",
    ],
    public: true,
  },
} as const satisfies Record<string, BucketConfig>;

export type BucketName = keyof typeof BUCKETS;

export function isBucketName(value: unknown): value is BucketName {
  return typeof value === "string" && Object.hasOwn(BUCKETS, value);
}

export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A media URL an admin may enter: an absolute http(s) URL, or a path on this site (e.g. /uploads/…). */
export function isMediaUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Widths of the responsive copies made of every uploaded image (never wider than the image itself). 720 and 1280
 * fit phones: a 380 px wide image at 1.75x needs 665 px, at 3x about 1100 px (ADR 019).
 */
export const IMAGE_WIDTHS = [480, 720, 960, 1280, 1600] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;

/** The URL of one responsive copy of an uploaded image: /uploads/images/<hash>.jpg → …/<hash>-960w.webp. */
export function variantUrl(url: string, width: number, format: (typeof IMAGE_FORMATS)[number]): string {
  return url.replace(/\.[a-z0-9]+$/i, `-${width}w.${format}`);
}

/** True for images uploaded here, which have responsive copies beside them (not the demo's SVG pictures). */
export function isUploadedImage(url: string | null | undefined): url is string {
  return Boolean(url?.startsWith("/uploads/images/") && !/(-\d+w\.(webp|avif)|\.svg)$/.test(url));
}

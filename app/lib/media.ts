// The media library's shared rules (docs/decisions/019-media-library.md): what kinds of file it holds, how an
// uploaded file's URL names its library entry, how a public page gets an image's responsive copies, and the
// library's messages. Browser-safe: the admin screen, the picker and the public image component all read it.

import { safeText } from "./safe-text";
import type { BucketName } from "./uploads";

export const MEDIA_KINDS = ["image", "video", "audio"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const KIND_OF_BUCKET: Record<BucketName, MediaKind> = {
  images: "image",
  videos: "video",
  audio: "audio",
};
export const BUCKET_OF_KIND: Record<MediaKind, BucketName> = {
  image: "images",
  video: "videos",
  audio: "audio",
};

export const KIND_LABELS: Record<MediaKind, { one: string; many: string }> = {
  image: { one: "image", many: "Images" },
  video: { one: "video", many: "Videos" },
  audio: { one: "audio file", many: "Audio" },
};

/** The formats each kind takes, as people name them (the MIME lists are in BUCKETS). */
export const KIND_FORMATS: Record<MediaKind, string> = {
  image: "JPEG, PNG, GIF, WebP, AVIF",
  video: "MP4, WebM, QuickTime",
  audio: "MP3, WAV, OGG, M4A, AAC, FLAC",
};

function isMediaKind(value: unknown): value is MediaKind {
  return typeof value === "string" && (MEDIA_KINDS as readonly string[]).includes(value);
}

/** One responsive copy of an uploaded image, as stored: its real size (never wider than the original). */
export interface MediaVariant {
  key: string;
  width: number;
  height: number;
  format: "avif" | "webp";
  size: number;
}

/** A library entry as the admin screens show it (dates as ISO text, so it travels as loader data). */
export interface MediaView {
  id: string;
  url: string;
  kind: MediaKind;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  altText: string;
  title: string;
  /** The small copy for thumbnails (images), or null. */
  thumbnailUrl: string | null;
  createdAt: string;
  createdBy: string | null;
  /** The version of its alt text and title, which the details form sends back (app/lib/edit-conflict.ts). */
  version: string;
  usage: MediaUsage[];
}

/** One place a library file is used. */
export interface MediaUsage {
  kind: "blog" | "academy" | "showcase" | "setting";
  /** The post, item, showcase entry, or the setting's key. */
  id: string;
  /** What the admin recognises it by: the post's title, "Open Graph image" … */
  label: string;
  /** Which field: "Featured image", "Thumbnail", "Video", "Audio", "Body", "Media", "Open Graph image". */
  field: string;
  /** Shown to visitors now (a published post or item, an active showcase entry, the site's OG image). */
  public: boolean;
  /** Where the admin edits it. */
  adminHref: string;
  /** The public page showing it, while it is public. */
  publicHref?: string;
}

/**
 * What a public page needs to draw an image: the fallback source, the alt text from the library, its real size
 * (so the browser reserves the space) and the AVIF / WebP srcsets when it has responsive copies.
 */
export interface PublicImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  avifSrcSet?: string;
  webpSrcSet?: string;
}

interface MediaListFilter {
  kind?: MediaKind;
  q: string;
  missingAlt: boolean;
  /** The entry one URL names (a form field's current file). */
  url?: string;
}

/** ?type=image|video|audio&q=…&missing=alt&url=… → the filter; anything unknown is ignored. */
export function mediaFilterFromUrl(params: URLSearchParams): MediaListFilter {
  const type = params.get("type");
  return {
    kind: isMediaKind(type) ? type : undefined,
    q: safeText((params.get("q") ?? "").trim(), 100),
    missingAlt: params.get("missing") === "alt",
    url: params.get("url") || undefined,
  };
}

/** The library screen's data (and the pickers'): the entries, how many match, how many of each kind in all. */
export interface MediaLibraryData {
  items: MediaView[];
  total: number;
  counts: Record<MediaKind, number>;
  filter: MediaListFilter;
  limit: number;
  loadFailed: boolean;
  /** The site's time zone, for the time a teammate's save is shown at. */
  timeZone: string;
}

/** Longest alt text and title accepted. Screen readers read alt text whole; a sentence or two is plenty. */
export const ALT_TEXT_MAX = 500;
export const MEDIA_TITLE_MAX = 200;

// "images/<32 hex>" out of any URL of an uploaded file or of one of its copies, on this site or absolute.
const UPLOAD_URL_SOURCE = String.raw`/uploads/((?:images|videos|audio)/[a-f0-9]{16,64})(?:-\d{2,4}w)?\.[a-z0-9]{2,5}`;
const UPLOAD_URL = new RegExp(UPLOAD_URL_SOURCE);

/**
 * The library entry a URL names: the bucket and content hash ("images/3f2a…"), the same for the original and every
 * responsive copy. Undefined for external URLs.
 */
export function uploadStem(url: string | null | undefined): string | undefined {
  return url ? UPLOAD_URL.exec(url)?.[1] : undefined;
}

/** The store key of the file (or copy) an upload URL names ("images/3f2a….jpg"); undefined for other URLs. */
export function uploadKey(url: string | null | undefined): string | undefined {
  return url ? UPLOAD_URL.exec(url)?.[0].slice("/uploads/".length) : undefined;
}

/** Every library entry a text mentions (a JSON body, a URL). */
export function mentionedStems(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(new RegExp(UPLOAD_URL_SOURCE, "g"))].map((m) => m[1] as string))];
}

/** The stem of a store key: "images/<hash>.jpg" → "images/<hash>". */
export function stemOfKey(key: string): string {
  return key.replace(/\.[a-z0-9]+$/i, "");
}

export const uploadUrlOfKey = (key: string) => `/uploads/${key}`;

/** The width public pages fall back to when a browser takes no srcset (a phone-sized copy that is still sharp). */
const FALLBACK_WIDTH = 960;

function srcSet(variants: readonly MediaVariant[], format: MediaVariant["format"]): string | undefined {
  const seen = new Set<number>();
  const parts = variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .filter((v) => !seen.has(v.width) && seen.add(v.width))
    .map((v) => `${uploadUrlOfKey(v.key)} ${v.width}w`);
  return parts.length ? parts.join(", ") : undefined;
}

/** The public view of a library image: srcsets of its copies (their real widths), its size and alt text. */
export function publicImageOf(entry: {
  key: string;
  altText: string;
  width: number | null;
  height: number | null;
  variants: readonly MediaVariant[];
}): PublicImage {
  const webp = entry.variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width);
  const fallback = webp.filter((v) => v.width <= FALLBACK_WIDTH).at(-1) ?? webp[0];
  return {
    src: uploadUrlOfKey(fallback?.key ?? entry.key),
    alt: entry.altText,
    width: entry.width ?? undefined,
    height: entry.height ?? undefined,
    avifSrcSet: srcSet(entry.variants, "avif"),
    webpSrcSet: srcSet(entry.variants, "webp"),
  };
}

/** The library's texts, one home for the screens, the picker and the server's answers. */
export const MEDIA_MESSAGES = {
  altMissing: "This image has no alt text yet. Add it in the media library before using the image here.",
  altMissingToast: "Add alt text to the library images first",
  altRequiredInUse: "This image is in use on the site, so it needs alt text.",
  altHint: "Describe the image for people who cannot see it. Required before the image is used on the site.",
  saved: "Media details saved",
  saveFailed: "Failed to save media details",
  deleted: "File deleted",
  deleteFailed: "Failed to delete file",
  deleteInUse: "This file is in use. Replace it where it is used, then delete it.",
  uploaded: "File uploaded",
  uploadFailed: "The upload failed. Please try again.",
  loadFailed: "Failed to load the media library",
} as const;

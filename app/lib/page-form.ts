// A page as the editor (and the content API) sends it: the head fields and the blocks, checked here with one
// message per field ("path", "metaTitle", "blocks.3.headline" …). The server is the authority; the editor shows
// the messages beside the fields and keeps what was typed.
import { z } from "zod";
import { parsePageBlocks } from "~/blocks/registry";
import type { PageBlock } from "~/blocks/types";
import { CONTENT_STATUSES, type ContentStatus } from "./content-enums";
import type { FieldErrors } from "./forms";
import { META_DESCRIPTION_LIMIT, TITLE_MAX, URL_MAX } from "./limits";
import { normalizePagePath, pagePathProblem } from "./page-paths";
import { safeText } from "./safe-text";

const META_TITLE_MAX = 70;

const trimmed = (max: number, label: string) =>
  z
    .string()
    .default("")
    .transform((value) => safeText(value).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`));

const imageOrUrl = trimmed(URL_MAX, "The address").refine(
  (value) => value === "" || /^\/(?!\/)\S*$/.test(value) || /^https:\/\/\S+$/.test(value),
  "Use a site path (/uploads/…) or an https address.",
);

/** A page's fields besides its blocks (the content API's OpenAPI document describes a create with it). */
export const pageHeadSchema = z.object({
  path: z
    .string({ error: "A path is required." })
    .transform((value) => normalizePagePath(safeText(value)))
    .superRefine((value, ctx) => {
      const problem = pagePathProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  title: trimmed(TITLE_MAX, "The title").refine((value) => value.length > 0, "A title is required."),
  metaTitle: trimmed(META_TITLE_MAX, "The meta title"),
  metaDescription: trimmed(META_DESCRIPTION_LIMIT, "The meta description"),
  socialImage: imageOrUrl,
  canonical: imageOrUrl,
  noindex: z.boolean().default(false),
  status: z.enum(CONTENT_STATUSES, { error: "Choose draft, published or archived." }).default("draft"),
  publishAt: z
    .string()
    .default("")
    .refine((value) => value === "" || !Number.isNaN(Date.parse(value)), "Use a valid date and time."),
});

export interface ParsedPage {
  path: string;
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  canonical: string | null;
  noindex: boolean;
  status: ContentStatus;
  publishAt: Date | null;
  blocks: PageBlock[];
}

/** Parses a page sent as JSON (any shape); every problem is a message at its field, nothing throws. */
export function parsePage(
  input: unknown,
): { ok: true; page: ParsedPage } | { ok: false; fieldErrors: FieldErrors } {
  const record = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
  const head = pageHeadSchema.safeParse(record);
  const blocks = parsePageBlocks((record as { blocks?: unknown }).blocks ?? []);
  const fieldErrors: FieldErrors = {};
  if (!head.success)
    for (const issue of head.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  if (!blocks.ok)
    for (const [key, message] of Object.entries(blocks.errors))
      fieldErrors[key === "form" ? "blocks" : `blocks.${key}`] ??= message;
  if (!head.success || !blocks.ok) return { ok: false, fieldErrors };
  const h = head.data;
  return {
    ok: true,
    page: {
      path: h.path,
      title: h.title,
      metaTitle: h.metaTitle || null,
      metaDescription: h.metaDescription || null,
      socialImage: h.socialImage || null,
      canonical: h.canonical || null,
      noindex: h.noindex,
      status: h.status,
      publishAt: h.publishAt ? new Date(h.publishAt) : null,
      blocks: blocks.blocks,
    },
  };
}

export const PAGE_MESSAGES = {
  saved: "Page saved",
  created: "Page created",
  invalid: "Please check the highlighted fields",
  pathTaken: "Another page already has this path.",
  gone: "This page no longer exists: it was deleted in another tab.",
  deleted: "Page deleted",
  deleteFailed: "Failed to delete page",
  builtIn: "The landing and pricing pages can be changed or archived, not deleted.",
} as const;

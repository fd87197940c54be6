// The admin blog and academy form schemas: one per form, run in the browser and again in the action.
import { z } from "zod";
import { parseDuration, parseTags, slugify } from "./content";
import { CONTENT_STATUSES, DIFFICULTY_LEVELS } from "./content-enums";
import { NAME_MAX, SLUG_MAX, TITLE_MAX, URL_MAX } from "./limits";
import { DEFAULT_TIME_ZONE, fromWallTime } from "./site-time";

/** The author a post gets when none is given (admin form and content API). */
export const DEFAULT_BLOG_AUTHOR = "Admin";

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `Use at most ${max} characters`));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(
    z
      .string()
      .max(URL_MAX, `Use at most ${URL_MAX} characters`)
      .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\/\S+$/i.test(v), {
        message: "Enter an http(s) URL or a path starting with /",
      }),
  )
  .transform((v) => v || null);

const status = z
  .string()
  .optional()
  .transform((v) => v || "draft")
  .pipe(z.enum(CONTENT_STATUSES, { message: "Choose draft, published or archived" }));

/**
 * "Publish at": a date and time as a `datetime-local` input sends it ("2026-03-02T09:00"), read in the site's time
 * zone `zone`. Empty means "now" (or, for an item already live, its date); the status decides whether it is used
 * (docs/product.md, Content statuses).
 */
const publishAtIn = (zone: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? "").trim();
      if (!text) return null;
      const instant = fromWallTime(text, zone);
      if (instant) return instant;
      ctx.addIssue({ code: "custom", message: "Enter a date and time, e.g. 2026-03-02 09:00" });
      return z.NEVER;
    });

/** A slug typed by hand is normalised by the same rule as the derived one, so URLs stay clean. */
const slugField = z
  .string()
  .optional()
  .transform((v) => slugify(v ?? "").slice(0, SLUG_MAX));

export const blogPostSchema = z.object({
  title: text(TITLE_MAX),
  slug: slugField,
  excerpt: text(1000),
  body: z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.string().max(200_000, "The body is too long")),
  author: text(NAME_MAX).transform((v) => v || DEFAULT_BLOG_AUTHOR),
  category: text(NAME_MAX),
  tags: text(1000).transform((v) => parseTags(v)),
  featuredImage: optionalUrl,
  status,
  publishAt: publishAtIn(DEFAULT_TIME_ZONE),
  metaTitle: text(300),
  metaDescription: text(1000),
});
export type BlogPostInput = z.output<typeof blogPostSchema>;

export const academySchema = z.object({
  title: text(TITLE_MAX),
  slug: slugField,
  category: text(NAME_MAX),
  difficulty: z
    .string()
    .optional()
    .transform((v) => v || "beginner")
    .pipe(z.enum(DIFFICULTY_LEVELS, { message: "Choose beginner, intermediate or advanced" })),
  duration: z
    .string()
    .optional()
    .transform((v) => parseDuration(v)),
  tags: text(1000).transform((v) => parseTags(v)),
  featured: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  thumbnailUrl: optionalUrl,
  videoUrl: optionalUrl,
  audioUrl: optionalUrl,
  description: text(5000),
  summary: text(1000),
  status,
  publishAt: publishAtIn(DEFAULT_TIME_ZONE),
});
export type AcademyInput = z.output<typeof academySchema>;

// The schemas above read "Publish at" in UTC (scripts and tests); the admin screens read it in the site's zone.
/** The blog form's schema with "Publish at" read in the time zone `zone`. */
export const blogPostSchemaIn = (zone: string) => blogPostSchema.extend({ publishAt: publishAtIn(zone) });
/** The academy form's schema with "Publish at" read in the time zone `zone`. */
export const academySchemaIn = (zone: string) => academySchema.extend({ publishAt: publishAtIn(zone) });

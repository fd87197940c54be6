// The settings form and the showcase add form: one zod schema each, used by the server action (and the
// client for limits). IDs that end up inside analytics snippets are restricted to safe characters.
import { z } from "zod";
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT } from "./limits";
import { isMediaUrl } from "./uploads";

const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalMatching = (max: number, pattern: RegExp, message: string) =>
  optional(max).refine((v) => v === "" || pattern.test(v), message);

/** The Site title and meta description counters: the same limits as every other meta tag. */
export const SEO_LIMITS = { title: META_TITLE_LIMIT, description: META_DESCRIPTION_LIMIT } as const;

export const settingsTextSchema = z.object({
  contactEmail: optional(255).refine(
    (v) => v === "" || z.email().safeParse(v).success,
    "Enter a valid email address",
  ),
  contactPhone: optional(50),
  companyAddress: optional(300),
  siteTitle: optional(200).min(1, "Enter a site title"),
  siteDescription: optional(1000),
  metaKeywords: optional(1000),
  ogImage: optional(2000).refine((v) => v === "" || isMediaUrl(v), "Enter an http(s) URL or upload an image"),
  googleAnalyticsId: optionalMatching(40, /^[A-Za-z0-9-]+$/, "Use the ID as shown by Google, e.g. G-XXXXXXX"),
  facebookPixelId: optionalMatching(30, /^\d+$/, "A Meta pixel ID is digits only"),
  hotjarId: optionalMatching(20, /^\d+$/, "A Hotjar site ID is digits only"),
  chatWidget: optional(20_000),
});

export type SettingsTextFields = z.infer<typeof settingsTextSchema>;
export const SETTINGS_BOOLEAN_KEYS = [
  "chatEnabled",
  "blogEnabled",
  "contactFormEnabled",
  "newsletterEnabled",
] as const;

export const socialUrlSchema = optional(2000).refine(
  (v) => v === "" || /^https?:\/\//i.test(v),
  "Enter a full URL starting with https://",
);

export const showcaseAddSchema = z.object({
  title: z.string().trim().max(200, "At most 200 characters"),
  mediaUrl: z
    .string()
    .trim()
    .max(2000, "At most 2000 characters")
    .refine((v) => v === "" || isMediaUrl(v), "Enter an http(s) URL or upload a file"),
  mediaType: z.enum(["video", "image"], { message: "Choose video or image" }),
  description: z.string().trim().max(1000, "At most 1000 characters"),
});

// Schema pieces every block type shares (zod: the server and the back office only, never the public pages' first
// load, ADR 011). Texts are trimmed, cleaned of NUL and lone surrogates and bounded; links follow links.ts.
import { z } from "zod";
import { safeText } from "~/lib/safe-text";
import { isSafeHref, LINK_RULE } from "./links";

/** A required text of at most `max` characters. */
export const text = (max: number, label = "This field") =>
  z
    .string({ error: `${label} is required.` })
    .transform((value) => safeText(value).trim())
    .pipe(z.string().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`));

/** An optional text: empty means none. */
export const optionalText = (max: number, label = "This field") =>
  z
    .string()
    .optional()
    .transform((value) => safeText(value ?? "").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`));

/**
 * A typed link or file address made storable: cleaned like every text (PostgreSQL's `jsonb` refuses NUL and lone
 * surrogates, which a URL or a site path would otherwise carry through) and trimmed.
 */
export const cleanLink = (value: string) => safeText(value).trim();

const LINK_MAX = 2000;

/** A file of the media library: /uploads/ and segments that never start with a dot (no "." or ".." steps out). */
export const UPLOAD_PATH = /^\/uploads(?:\/[\w-][\w.-]*)+$/;

export const href = z
  .string({ error: "A link is required." })
  .transform(cleanLink)
  .pipe(
    z
      .string()
      .min(1, "A link is required.")
      .max(LINK_MAX, "The link is too long.")
      .refine(isSafeHref, LINK_RULE),
  );

/** A link that may be left empty. */
export const optionalHref = z
  .string()
  .default("")
  .transform(cleanLink)
  .pipe(z.string().max(LINK_MAX, "The link is too long."))
  .refine((value) => value === "" || isSafeHref(value), LINK_RULE);

/** What a button does: go to a link, open the product's sign-up page, or open the demo dialog. */
export const ACTION_KINDS = ["link", "signup", "demo"] as const;

export const action = z
  .object({
    label: text(60, "The button label"),
    kind: z.enum(ACTION_KINDS).default("link"),
    href: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== "link") return;
    const parsed = href.safeParse(value.href ?? "");
    if (!parsed.success)
      ctx.addIssue({ code: "custom", path: ["href"], message: parsed.error.issues[0]?.message ?? LINK_RULE });
  })
  .transform((value) => (value.kind === "link" ? { ...value, href: cleanLink(value.href ?? "") } : value));

/** A list of at most `max` items, with its own message; one that may be empty defaults to empty. */
export const list = <T extends z.ZodType>(item: T, max: number, min = 0, label = "items") => {
  const base = z.array(item).min(min, `Add at least ${min} ${label}.`).max(max, `At most ${max} ${label}.`);
  return min === 0 ? base.default([]) : base;
};

/** Every block carries an id (React keys, the editor's selection) and its type. */
export const blockBase = {
  id: z
    .string()
    .regex(/^[\w-]{1,40}$/, "Invalid block id.")
    .default(() => crypto.randomUUID().slice(0, 12)),
};

// Every block type a page can hold: its schema (the authority on save and on read) and its editor fields. Adding a
// block type is one folder (schema.ts, fields.ts, render.tsx) plus one line here and one in renderers.tsx
// (docs/architecture.md, Page blocks). zod lives here, so only the server and the back office import this file.
import { z } from "zod";
import { claimsEditor } from "./claims/fields";
import { claimsSchema } from "./claims/schema";
import { contactFormEditor } from "./contact-form/fields";
import { contactFormSchema } from "./contact-form/schema";
import { ctaEditor } from "./cta/fields";
import { ctaSchema } from "./cta/schema";
import { faqEditor } from "./faq/fields";
import { faqSchema } from "./faq/schema";
import { featuresEditor } from "./features/fields";
import { featuresSchema } from "./features/schema";
import type { BlockEditorSpec } from "./fields";
import { formBlockEditor } from "./form/fields";
import { formBlockSchema } from "./form/schema";
import { heroEditor } from "./hero/fields";
import { heroSchema } from "./hero/schema";
import { latestEditor } from "./latest/fields";
import { latestSchema } from "./latest/schema";
import { logosEditor } from "./logos/fields";
import { logosSchema } from "./logos/schema";
import { mediaEditor } from "./media/fields";
import { mediaSchema } from "./media/schema";
import { newsletterEditor } from "./newsletter/fields";
import { newsletterSchema } from "./newsletter/schema";
import { pricingEditor } from "./pricing/fields";
import { pricingSchema } from "./pricing/schema";
import { richTextEditor } from "./rich-text/fields";
import { richTextSchema } from "./rich-text/schema";
import { testimonialsEditor } from "./testimonials/fields";
import { testimonialsSchema } from "./testimonials/schema";
import type { BlockType, PageBlock } from "./types";

interface BlockDefinition {
  schema: z.ZodType<PageBlock, unknown>;
  editor: BlockEditorSpec<never>;
}

const define = <T extends PageBlock>(schema: z.ZodType<T, unknown>, editor: BlockEditorSpec<T>) =>
  ({ schema, editor }) as unknown as BlockDefinition;

/** The palette's order. */
export const BLOCKS: Record<BlockType, BlockDefinition> = {
  hero: define(heroSchema, heroEditor),
  features: define(featuresSchema, featuresEditor),
  claims: define(claimsSchema, claimsEditor),
  testimonials: define(testimonialsSchema, testimonialsEditor),
  pricing: define(pricingSchema, pricingEditor),
  faq: define(faqSchema, faqEditor),
  cta: define(ctaSchema, ctaEditor),
  "rich-text": define(richTextSchema, richTextEditor),
  media: define(mediaSchema, mediaEditor),
  logos: define(logosSchema, logosEditor),
  latest: define(latestSchema, latestEditor),
  "contact-form": define(contactFormSchema, contactFormEditor),
  form: define(formBlockSchema, formBlockEditor),
  newsletter: define(newsletterSchema, newsletterEditor),
};

export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];
export const MAX_BLOCKS = 40;

const isBlockType = (value: unknown): value is BlockType =>
  typeof value === "string" && Object.hasOwn(BLOCKS, value);

/** Problems of a block list, by path ("3.headline", "3.plans.0.price", "form"). */
export type BlockErrors = Record<string, string>;

/**
 * A page's blocks as written by the editor or the content API: every block valid, ids unique, at most one contact
 * form. On failure, one message per field path, so the editor can show it beside the field that is wrong.
 */
export function parsePageBlocks(
  input: unknown,
): { ok: true; blocks: PageBlock[] } | { ok: false; errors: BlockErrors } {
  if (!Array.isArray(input)) return { ok: false, errors: { form: "The blocks must be a list." } };
  if (input.length > MAX_BLOCKS)
    return { ok: false, errors: { form: `A page holds at most ${MAX_BLOCKS} blocks.` } };
  const errors: BlockErrors = {};
  const blocks: PageBlock[] = [];
  const ids = new Set<string>();
  input.forEach((raw, index) => {
    const type = typeof raw === "object" && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (!isBlockType(type)) {
      errors[`${index}`] = "Unknown block type.";
      return;
    }
    const parsed = BLOCKS[type].schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = [index, ...issue.path].join(".");
        errors[key] ??= issue.message;
      }
      return;
    }
    if (ids.has(parsed.data.id)) errors[`${index}.id`] = "Two blocks share this id.";
    ids.add(parsed.data.id);
    blocks.push(parsed.data);
  });
  if (blocks.filter((b) => b.type === "contact-form").length > 1)
    errors.form ??= "A page holds at most one contact form.";
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, blocks };
}

/**
 * The blocks of a stored page, for rendering: each block is checked again, and one that no longer fits its schema
 * (an older shape after an upgrade, a hand edit) is left out and reported, never a failed page.
 */
export function readPageBlocks(stored: unknown): {
  blocks: PageBlock[];
  dropped: Array<{ index: number; type: unknown }>;
} {
  const list = Array.isArray(stored) ? stored : [];
  const blocks: PageBlock[] = [];
  const dropped: Array<{ index: number; type: unknown }> = [];
  list.forEach((raw, index) => {
    const type = typeof raw === "object" && raw !== null ? (raw as { type?: unknown }).type : undefined;
    const parsed = isBlockType(type) ? BLOCKS[type].schema.safeParse(raw) : undefined;
    if (parsed?.success) blocks.push(parsed.data);
    else dropped.push({ index, type });
  });
  return { blocks, dropped };
}

/** The FAQ blocks' questions and answers, for the page's FAQPage structured data. */
export function faqItems(blocks: readonly PageBlock[]): Array<{ question: string; answer: string }> {
  return blocks.flatMap((block) => (block.type === "faq" ? block.items : []));
}

export { z };

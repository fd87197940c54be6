// Meta guidance and the local "AI Optimize" templates: generated locally, no call is made (docs/product.md,
// Meta guidance and AI Optimize).
import { PRODUCT_NAME } from "~/lib/brand";
import { BRAND_SUFFIX } from "./brand";
import { ACADEMY_MESSAGES, BLOG_MESSAGES } from "./cms-messages";
import { DIFFICULTY_LEVELS, type DifficultyLevel } from "./content-enums";
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT } from "./limits";

/** A new post's meta title: the title plus the brand suffix. */
export function defaultMetaTitle(title: string): string {
  const t = title.trim();
  return t ? `${t}${BRAND_SUFFIX}` : "";
}

/** Cuts text to at most `max` characters at a word boundary (no ellipsis: meta tags are cut by engines anyway). */
export function fitToLength(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const result = lastSpace > max * 0.5 ? cut.slice(0, lastSpace) : clean.slice(0, max);
  return result.replace(/[\s,;:–—-]+$/u, "");
}

/** Blog SEO: a meta title within 60 characters ending with the brand, and a description from the excerpt. */
export function optimizeBlogMeta(input: { title: string; excerpt: string }): {
  metaTitle: string;
  metaDescription: string;
} {
  const title = input.title.replace(/\s+/g, " ").trim();
  const excerpt = input.excerpt.replace(/\s+/g, " ").trim();
  if (!title || !excerpt) throw new Error(BLOG_MESSAGES.optimizeNeedsInput);
  const room = META_TITLE_LIMIT - BRAND_SUFFIX.length;
  const metaTitle = `${fitToLength(title, room)}${BRAND_SUFFIX}`;
  const lead = `Read on the ${PRODUCT_NAME} blog: `;
  const base = excerpt.length < 120 ? `${excerpt} ${lead.replace(": ", ".")}` : excerpt;
  return { metaTitle, metaDescription: fitToLength(base, META_DESCRIPTION_LIMIT) };
}

interface AcademyTemplateInput {
  title: string;
  category: string;
  difficulty: DifficultyLevel | string;
}

function academyTemplateParts(input: AcademyTemplateInput) {
  const title = input.title.replace(/\s+/g, " ").trim();
  const category = input.category.replace(/\s+/g, " ").trim();
  if (!title || !category) throw new Error(ACADEMY_MESSAGES.optimizeNeedsInput);
  const difficulty = (DIFFICULTY_LEVELS as readonly string[]).includes(input.difficulty)
    ? input.difficulty
    : "beginner";
  const audience = {
    beginner: "newcomers who want a clear, practical start",
    intermediate: "practitioners ready to go deeper",
    advanced: "experienced teams looking for expert techniques",
  }[difficulty as DifficultyLevel];
  return { title, category, difficulty, audience };
}

/** Academy description from title, category and difficulty. */
export function optimizeAcademyDescription(input: AcademyTemplateInput): string {
  const { title, category, difficulty, audience } = academyTemplateParts(input);
  return `${title}: a ${difficulty}-level ${category} lesson for ${audience}. Learn the key concepts step by step and apply proven strategies to grow revenue with AI.`;
}

/** Academy summary from title, category and difficulty: one short sentence for cards and meta descriptions. */
export function optimizeAcademySummary(input: AcademyTemplateInput): string {
  const { title, category, difficulty } = academyTemplateParts(input);
  return fitToLength(
    `Master ${title} in this ${difficulty} ${category} lesson with practical, actionable takeaways.`,
    META_DESCRIPTION_LIMIT,
  );
}

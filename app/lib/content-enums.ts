// The closed lists of the content model: one home for the database enums (app/db/schema/ imports them), the
// admin forms, the content API and the public filters. Browser-safe: no Drizzle here.
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const DIFFICULTY_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** The two kinds of content the CMS edits (revisions, preview links and audit actions name them). */
export const CONTENT_KINDS = ["blog", "academy"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

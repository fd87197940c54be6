// The closed lists of the content model: one home for the database enums (app/db/schema/ imports them), the
// admin forms, the content API and the public filters. Browser-safe: no Drizzle here.
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const DIFFICULTY_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** The two kinds of content the CMS edits (revisions, preview links and audit actions name them). */
export const CONTENT_KINDS = ["blog", "academy"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * What revisions and preview links belong to: the CMS's two kinds and the pages built from blocks (ADR 033). Pages
 * keep their own writes (app/models/pages.server.ts); only their history and shared previews use these.
 */
export const ITEM_KINDS = [...CONTENT_KINDS, "page"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * What keeps revisions: the items above, newsletter drafts, the settings screen's tabs (each under a fixed id,
 * SETTINGS_TAB_IDS in app/lib/settings-tabs.ts; docs/decisions/054-revisions-for-newsletters-and-settings.md) and
 * the forms the team builds.
 */
export const REVISION_KINDS = [...ITEM_KINDS, "newsletter", "settings", "form"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

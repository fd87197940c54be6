// The back office's user-facing texts for the blog and academy screens (docs/product.md, Blog CMS, Academy CMS).
export const BLOG_MESSAGES = {
  required: "Please fill in title and slug",
  created: "Blog post created successfully",
  updated: "Blog post updated successfully",
  createFailed: "Failed to create blog post",
  updateFailed: "Failed to update blog post",
  deleted: "Post deleted successfully",
  deleteFailed: "Failed to delete post",
  published: "Post published successfully",
  drafted: "Post drafted successfully",
  statusFailed: "Failed to update post status",
  optimizeFailed: "Failed to optimize with AI",
  optimized: "Meta title optimized!",
  /** The blog had no message of its own for missing input, so this mirrors the academy's wording. */
  optimizeNeedsInput: "Please fill in title and excerpt first",
  deleteConfirm: "Are you sure you want to delete this post?",
} as const;

export const ACADEMY_MESSAGES = {
  required: "Please fill in title, slug, and category",
  created: "Academy content created successfully",
  updated: "Academy content updated successfully",
  createFailed: "Failed to create academy content",
  updateFailed: "Failed to update academy content",
  loadFailed: "Failed to load academy content",
  published: "Content published successfully",
  drafted: "Content drafted successfully",
  statusFailed: "Failed to update content status",
  deleted: "Content deleted successfully",
  deleteFailed: "Failed to delete content",
  optimizeNeedsInput: "Please fill in title and category first",
  descriptionOptimized: "Description optimized with AI!",
  summaryOptimized: "Summary optimized with AI!",
  deleteConfirm: "Are you sure you want to delete this content?",
  empty: "No academy content yet. Create your first content above.",
} as const;

export const SLUG_TAKEN = "Another item already uses this slug. Choose a different one.";

/** The edit dialog's history (docs/product.md, Revisions). */
export const REVISION_MESSAGES = {
  restored: "Revision restored",
  /** After "Revision restored" when some of its files were deleted from the media library ("Thumbnail and Video URL"). */
  filesLeftEmpty: (fields: string, count: number) =>
    `${fields} left empty: ${count === 1 ? "its file was" : "their files were"} deleted from the media library. Choose another in the form.`,
  restoreFailed: "Failed to restore revision",
  slugTaken: "Another item now uses this revision's slug. Change that item's slug first.",
  restoreConfirm:
    "The fields go back to this revision; the status and publish date stay as they are. The current version stays in the history.",
  /** A newsletter draft's or a settings tab's restore, which has no status or publish date to keep. */
  restoreConfirmFields: "Every field goes back to this revision. The current version stays in the history.",
  /** A form's restore by a member who may not change where its submissions go or who embeds it (those stay). */
  restoreConfirmFormFields:
    "Every field goes back to this revision except who hears of submissions, how long they are kept and the sites that may embed the form, which stay as they are. The current version stays in the history.",
  /** A restore of a newsletter that started sending meanwhile (it is read-only from then on). */
  newsletterSent: "This newsletter has started sending, so it can no longer be changed or restored.",
  loadFailed: "Failed to load the history",
  /** After "Revision restored" when some of a page revision's blocks no longer fit what the block editor takes now. */
  blocksLeftOut: (count: number) =>
    `${count === 1 ? "One block" : `${count} blocks`} of this revision no longer ${count === 1 ? "fits" : "fit"} the page editor and ${count === 1 ? "was" : "were"} left out.`,
  /** A page revision whose title or search fields no longer pass today's checks. */
  pageInvalid: "This revision no longer passes the page checks, so it was not restored.",
  /** A form revision that no longer passes the form editor's checks, with the first problem found. */
  formInvalid: (problem: string) =>
    `This revision no longer passes the form checks, so it was not restored.${problem ? ` ${problem}` : ""}`,
  /** A form's restore after a teammate saved the form since the member opened it. */
  formChanged:
    "Not restored: someone else saved this form meanwhile. Load their version, then restore again if you still want to.",
} as const;

/** Preview links (docs/product.md, Preview links). */
export const PREVIEW_MESSAGES = {
  created: "Preview link created",
  createFailed: "Failed to create preview link",
  revoked: "Preview link revoked",
  revokeFailed: "Failed to revoke preview link",
  copied: "Preview link copied",
  copyNow:
    "Copy this link now: it is shown only this once. The site keeps a fingerprint of it, not the link itself; if it gets lost, revoke it and create another.",
  revokeConfirm: "Anyone who has this link will no longer be able to open the preview.",
  loadFailed: "Failed to load preview links",
} as const;

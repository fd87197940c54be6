// Two members editing one document: a save carries the version its editor loaded (the document's updatedAt, as an
// ISO string), and a save against a newer version is refused and changes nothing. The refusal says who saved, when,
// and the document as they left it; the editor then shows what they changed field by field and keeps what the
// member typed, with "Load their version" and "Save mine over theirs" (a normal save carrying the newer version).
// Browser-safe.

/** The version a document is at: its last save's time, as the editor loaded it. */
export type EditVersion = string;

/** A save refused because someone saved the document after the editor loaded it. */
export interface EditConflict {
  /** The version now stored: a save carrying it goes through ("Save mine over theirs"). */
  version: EditVersion;
  /** Who saved it (their name, else their e-mail); null when no member did (the content API, the scheduler). */
  savedBy: string | null;
  /** The document as they left it, in the shape of a revision's snapshot (app/lib/revision-fields.ts). */
  theirs: Record<string, unknown>;
}

export const CONFLICT_MESSAGES = {
  refused: "Not saved: someone else saved this meanwhile. Your changes are still here.",
  loaded: "Their version is loaded. Your changes were set aside.",
} as const;

/** A teammate's snapshot as a stored row again (its publication date a Date), for a form that loads rows. */
export function rowOfSnapshot<Row>(snapshot: Record<string, unknown>): Row {
  const publishedAt = typeof snapshot.publishedAt === "string" ? new Date(snapshot.publishedAt) : null;
  const tags = Array.isArray(snapshot.tags) ? snapshot.tags : [];
  return { ...snapshot, publishedAt, tags } as Row;
}

// The edit forms of list items (a showcase item, a media file's details, a redirect, a webhook endpoint) carry the
// version they loaded, like the content editors (app/lib/edit-conflict.ts): each model locks the row in its save's
// transaction, and a row saved since, or deleted since, is not written. These are the shapes they share.
import type { EditVersion } from "~/lib/edit-conflict";
import { isStale, versionOf } from "~/models/edit-conflicts.server";

/** A row that knows its version and who saved it last (a member's id, null without one). */
export interface Versioned {
  updatedAt: Date;
  updatedBy: string | null;
}

/**
 * What a versioned save came to: saved (with the row before and after), gone (deleted meanwhile, nothing written),
 * or refused because someone saved the row after the form loaded it (`current`: the row as they left it, which
 * conflictWith turns into the refusal the form shows).
 */
export type EditOutcome<Row extends Versioned> =
  | { status: "saved"; row: Row; before: Row }
  | { status: "gone" }
  | { status: "conflict"; current: Row };

/** The refusal for a locked row that is gone or newer than the form's `base`; null when the save may go ahead. */
export function refusalFor<Row extends Versioned>(
  row: Row | undefined,
  base: EditVersion | undefined,
): Exclude<EditOutcome<Row>, { status: "saved" }> | null {
  if (!row) return { status: "gone" };
  if (isStale(row, base)) return { status: "conflict", current: row };
  return null;
}

/** A row as a list hands it to its edit form: with the version the form sends back as `base`. */
export function withVersion<Row extends { updatedAt: Date }>(row: Row): Row & { version: EditVersion } {
  return { ...row, version: versionOf(row) };
}

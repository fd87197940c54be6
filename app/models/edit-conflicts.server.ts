// The refusal of a save against a newer version of a document (app/lib/edit-conflict.ts): who saved it, at which
// version, and the document as they left it.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { authUsers } from "~/db/schema";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import { snapshotOf } from "~/lib/revision-fields";

/** The version of a stored document, as its editor loads it and a save carries it back. */
export function versionOf(row: { updatedAt: Date }): EditVersion {
  return row.updatedAt.toISOString();
}

/** True when a save that loaded `base` would overwrite a newer save (no `base`: a write that loaded nothing). */
export function isStale(row: { updatedAt: Date }, base: EditVersion | undefined): boolean {
  return base !== undefined && versionOf(row) !== base;
}

/** A write refused inside its transaction because the editor loaded an older version (nothing was written). */
export class StaleEditError extends Error {
  constructor(readonly current: { updatedAt: Date; updatedBy: string | null }) {
    super("saved meanwhile by someone else");
    this.name = "StaleEditError";
  }
}

/** What the editor is told about the save that came first. */
export async function conflictWith(row: {
  updatedAt: Date;
  updatedBy: string | null;
}): Promise<EditConflict> {
  const [member] = row.updatedBy
    ? await db()
        .select({ name: authUsers.name, email: authUsers.email })
        .from(authUsers)
        .where(eq(authUsers.id, row.updatedBy))
    : [];
  return { version: versionOf(row), savedBy: member?.name || member?.email || null, theirs: snapshotOf(row) };
}

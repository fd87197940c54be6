// The version of a document stored as website settings (a settings tab, the site navigation), which have no row of
// their own to carry one: a stamp row per document in the same key/value table, `edit_stamp:<document>`, whose
// updated_at is the document's version (app/lib/edit-conflict.ts) and whose value is the member who saved it last.
// A document never saved since stamps began is at the version of time zero. Readers of the settings ignore the
// stamps (mergeSettings knows only its own keys).
import { eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { websiteSettings } from "~/db/schema";
import type { EditVersion } from "~/lib/edit-conflict";
import { type AuditContext, memberOf } from "~/models/audit.server";
import { isStale, StaleEditError, versionOf } from "~/models/edit-conflicts.server";

const PREFIX = "edit_stamp:";
const NEVER = new Date(0);

/** The version each document is at now. */
export async function stampsOf<D extends string>(documents: readonly D[]): Promise<Record<D, EditVersion>> {
  const rows = documents.length
    ? await db()
        .select({ key: websiteSettings.settingKey, updatedAt: websiteSettings.updatedAt })
        .from(websiteSettings)
        .where(
          inArray(
            websiteSettings.settingKey,
            documents.map((d) => PREFIX + d),
          ),
        )
    : [];
  const at = new Map(rows.map((r) => [r.key, r.updatedAt]));
  return Object.fromEntries(
    documents.map((d) => [d, versionOf({ updatedAt: at.get(PREFIX + d) ?? NEVER })]),
  ) as Record<D, EditVersion>;
}

/** A document's stamp, locked for the rest of the transaction (made at time zero when it has none yet). */
async function lockedStamp(tx: Transaction, document: string) {
  const key = PREFIX + document;
  await tx
    .insert(websiteSettings)
    .values({ settingKey: key, settingValue: "", settingType: "text", updatedAt: NEVER })
    .onConflictDoNothing({ target: websiteSettings.settingKey });
  const [stamp] = await tx
    .select()
    .from(websiteSettings)
    .where(eq(websiteSettings.settingKey, key))
    .for("update");
  if (!stamp) throw new Error(`edit stamp ${key} not found`);
  return { updatedAt: stamp.updatedAt, updatedBy: stamp.settingValue || null };
}

/**
 * Inside a save's transaction, before it writes: locks the stamps of `documents` (in one order, so two saves never
 * wait on each other's), and refuses with StaleEditError when `checked` was saved since `base` (undefined: a save
 * that loaded nothing). Returns `stamp`, which moves the stamps of the documents the save changed to `now`, by
 * `who`, and gives the version it set.
 */
export async function lockStamps<D extends string>(
  tx: Transaction,
  documents: readonly D[],
  checked: { document: D; base: EditVersion | undefined } | undefined,
) {
  const stamps = new Map<D, { updatedAt: Date; updatedBy: string | null }>();
  for (const document of [...new Set(documents)].sort())
    stamps.set(document, await lockedStamp(tx, document));
  const mine = checked && stamps.get(checked.document);
  if (checked && mine && isStale(mine, checked.base)) throw new StaleEditError(mine);
  return {
    /** The version `document` is at once the save's stamps are set. */
    versionOf: (document: D) => versionOf(stamps.get(document) ?? { updatedAt: NEVER }),
    async stamp(changed: readonly D[], who: AuditContext, now = new Date()) {
      const moved = changed.filter((d) => stamps.has(d));
      if (moved.length === 0) return;
      await tx
        .update(websiteSettings)
        .set({ settingValue: sql`coalesce((${memberOf(who)})::text, '')`, updatedAt: now })
        .where(
          inArray(
            websiteSettings.settingKey,
            moved.map((d) => PREFIX + d),
          ),
        );
      for (const d of moved) stamps.set(d, { updatedAt: now, updatedBy: null });
    },
  };
}

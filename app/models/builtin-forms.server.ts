// The texts of the site's own forms (docs/product.md, Forms; app/lib/builtin-forms.ts): what the public pages and the
// lead answers show, saving them from the back office (never over a teammate's newer save, each save kept as a
// revision of kind "form" under the form's fixed id, in its own transaction), restoring a revision, and the Forms
// screen's summary of each. A save that changes a text moves the content version, so cached pages show it on the next
// request, and records its audit entry; the editors that have the form open are told at once.
import { count, eq, max } from "drizzle-orm";
import { db } from "~/db/client.server";
import { builtinFormTexts, contactRequests, formSubmissions, subscribers } from "~/db/schema";
import { contentVersionNow, VersionedCache } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import {
  BUILTIN_FORM_KEYS,
  BUILTIN_FORMS,
  type BuiltinFormKey,
  type BuiltinTexts,
  changedTexts,
  checkTexts,
  resolveTexts,
  type SiteFormTexts,
} from "~/lib/builtin-forms";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import type { FieldErrors } from "~/lib/forms";
import { type AuditContext, memberOf, publicContentChanged } from "~/models/audit.server";
import { getRevision, recordRevision } from "~/models/content-revisions.server";
import { conflictWith, isStale } from "~/models/edit-conflicts.server";
import { documentSaved } from "~/models/realtime-events.server";

export type BuiltinFormRow = typeof builtinFormTexts.$inferSelect;

/** The version of a built-in form nobody has saved yet: its editor loads it, and a first save carries it. */
const NEVER_SAVED = new Date(0);

const neverSaved = (key: BuiltinFormKey): BuiltinFormRow => ({
  key,
  texts: {},
  updatedAt: NEVER_SAVED,
  updatedBy: null,
});

/** Whether the form has been saved at least once (its row may exist unsaved, made by a refused first save). */
export const everSaved = (row: BuiltinFormRow) => row.updatedAt.getTime() !== NEVER_SAVED.getTime();

const textsOf = (rows: readonly BuiltinFormRow[]): SiteFormTexts => ({
  contact: resolveTexts("contact", rows.find((r) => r.key === "contact")?.texts),
  dialog: resolveTexts("dialog", rows.find((r) => r.key === "dialog")?.texts),
  newsletter: resolveTexts("newsletter", rows.find((r) => r.key === "newsletter")?.texts),
});

/**
 * Every built-in form's texts as visitors see them, remembered until the content version moves (a save moves it), so
 * a page render or a lead's answer costs no query. Should the database be unreachable, the texts last read (else the
 * defaults): a page or an answer never fails for its texts.
 */
const shown = new VersionedCache<SiteFormTexts>(1);

export async function siteFormTexts(): Promise<SiteFormTexts> {
  try {
    const version = await contentVersionNow();
    const hit = shown.get("all", version);
    if (hit) return hit;
    const texts = textsOf(await db().select().from(builtinFormTexts));
    shown.set("all", version, texts);
    return texts;
  } catch (error) {
    logger.error({ err: error }, "failed to load the built-in forms' texts");
    return shown.stale("all") ?? textsOf([]);
  }
}

/** The stored row of a built-in form, or its never-saved state. */
export async function getBuiltinForm(key: BuiltinFormKey): Promise<BuiltinFormRow> {
  const [row] = await db().select().from(builtinFormTexts).where(eq(builtinFormTexts.key, key)).limit(1);
  return row ?? neverSaved(key);
}

/** The form's texts as its revisions keep them and its editor compares them: every text, defaults filled in. */
export const builtinSnapshot = (row: BuiltinFormRow): BuiltinTexts => resolveTexts(row.key, row.texts);

export type { SiteFormTexts };

export type BuiltinSaveOutcome =
  | { ok: true; form: BuiltinFormRow }
  | { ok: false; reason: "conflict"; current: BuiltinFormRow };

/**
 * Saves a built-in form's texts (already checked: checkTexts), storing only those that differ from their default.
 * `base` is the version the editor loaded: a save over a newer one is refused and changes nothing. `restoredFrom`
 * names the revision a restore brings back.
 */
export async function saveBuiltinForm(
  key: BuiltinFormKey,
  texts: BuiltinTexts,
  who: AuditContext,
  { base, restoredFrom }: { base?: EditVersion; restoredFrom?: number } = {},
): Promise<BuiltinSaveOutcome> {
  const { id, name } = BUILTIN_FORMS[key];
  const result = await db().transaction(async (tx) => {
    // The row a first save locks: made unsaved (its version NEVER_SAVED) if it is not there yet.
    await tx
      .insert(builtinFormTexts)
      .values({ key, texts: {}, updatedAt: NEVER_SAVED })
      .onConflictDoNothing({ target: builtinFormTexts.key });
    const [before] = await tx
      .select()
      .from(builtinFormTexts)
      .where(eq(builtinFormTexts.key, key))
      .for("update");
    if (!before) throw new Error(`built-in form ${key} has no row`);
    if (isStale(before, base)) return { saved: false as const, current: before };
    const [after] = await tx
      .update(builtinFormTexts)
      .set({ texts: changedTexts(key, texts), updatedAt: new Date(), updatedBy: memberOf(who) })
      .where(eq(builtinFormTexts.key, key))
      .returning();
    if (!after) throw new Error(`built-in form ${key} was not saved`);
    await recordRevision(tx, "form", {
      before: { id, ...builtinSnapshot(before) },
      after: { id, ...builtinSnapshot(after) },
      who,
      action: restoredFrom ? "restore" : "update",
      restoredFrom,
    });
    await documentSaved(tx, "form", { id, updatedAt: after.updatedAt, updatedBy: after.updatedBy });
    return { saved: true as const, before, after };
  });
  if (!result.saved) return { ok: false, reason: "conflict", current: result.current };
  const before = builtinSnapshot(result.before);
  const after = builtinSnapshot(result.after);
  const changed = Object.keys(after).filter((k) => before[k] !== after[k]);
  await publicContentChanged(
    who,
    {
      action: restoredFrom ? "form.restore" : "form.update",
      entity: "form",
      entityId: key,
      details: {
        name,
        builtIn: key,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        ...(restoredFrom ? { restoredFrom } : {}),
      },
    },
    changed.length > 0,
  );
  return { ok: true, form: result.after };
}

export type BuiltinRestoreOutcome =
  | BuiltinSaveOutcome
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "invalid"; fieldErrors: FieldErrors };

/**
 * Brings revision `revisionId` of a built-in form back as a save: the same checks (a text the form no longer has is
 * dropped, one it has gained gets its default), a new revision, the audit entry "form.restore", never over a
 * teammate's newer save (`base`).
 */
export async function restoreBuiltinForm(
  key: BuiltinFormKey,
  revisionId: number,
  who: AuditContext,
  { base }: { base?: EditVersion } = {},
): Promise<BuiltinRestoreOutcome> {
  const revision = await getRevision("form", BUILTIN_FORMS[key].id, revisionId);
  if (!revision) return { ok: false, reason: "gone" };
  const checked = checkTexts(key, revision.snapshot);
  if (!checked.ok) return { ok: false, reason: "invalid", fieldErrors: checked.fieldErrors };
  return saveBuiltinForm(key, checked.texts, who, { base, restoredFrom: revision.id });
}

/** What a member whose save was refused is told: who saved the form, when, and its texts now. */
export async function builtinConflict(row: BuiltinFormRow): Promise<EditConflict> {
  return { ...(await conflictWith(row)), theirs: builtinSnapshot(row) };
}

/** One built-in form on the Forms screen. */
export interface BuiltinFormSummary {
  key: BuiltinFormKey;
  name: string;
  /** Its last save (null: never saved, the site shows the default texts). */
  updatedAt: Date | null;
  /** How many of its texts differ from their default. */
  changedTexts: number;
  /** The leads it collected: contact requests, dialog leads, newsletter subscribers. */
  submissions: number;
  lastSubmissionAt: Date | null;
}

const LEAD_TABLE = { contact: contactRequests, dialog: formSubmissions, newsletter: subscribers } as const;

export async function listBuiltinForms(): Promise<BuiltinFormSummary[]> {
  const rows = await db().select().from(builtinFormTexts);
  return Promise.all(
    BUILTIN_FORM_KEYS.map(async (key) => {
      const row = rows.find((r) => r.key === key) ?? neverSaved(key);
      const table = LEAD_TABLE[key];
      const [leads] = await db()
        .select({ n: count(), last: max(table.createdAt) })
        .from(table);
      return {
        key,
        name: BUILTIN_FORMS[key].name,
        updatedAt: everSaved(row) ? row.updatedAt : null,
        changedTexts: Object.keys(changedTexts(key, builtinSnapshot(row))).length,
        submissions: leads?.n ?? 0,
        lastSubmissionAt: leads?.last ?? null,
      };
    }),
  );
}

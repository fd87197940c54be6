// Forms the team builds: the list with what each has collected, one form, saving (never over a teammate's newer
// save, each save kept as a revision in its own transaction), restoring a revision and deleting. A form that is not
// a draft can be on public pages, so saving or deleting one moves the content version (cached pages render again)
// besides its audit entry; the editors that have it open are told of a save.
import { and, count, desc, eq, gt, inArray, isNull, lte, max, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { formResponses, forms } from "~/db/schema";
import { isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { contentVersionNow, VersionedCache } from "~/infra/content-version.server";
import type { EditVersion } from "~/lib/edit-conflict";
import type { PublicForm } from "~/lib/form-builder/availability";
import type { PublicCaptcha } from "~/lib/form-builder/captcha";
import type { FormDefinition, FormStatus } from "~/lib/form-builder/definition";
import type { FileAnswer } from "~/lib/form-builder/files";
import { DEFAULT_ROUTING, type FormRouting } from "~/lib/form-builder/routing";
import { snapshotOf } from "~/lib/revision-fields";
import { isUuid } from "~/lib/uuid";
import { type AuditContext, memberOf, publicContentChanged } from "~/models/audit.server";
import { publicCaptcha } from "~/models/captcha-settings.server";
import {
  deleteRevisionsOf,
  type RevisionAction,
  recordRevision,
  type Snapshot,
} from "~/models/content-revisions.server";
import { isStale } from "~/models/edit-conflicts.server";
import { documentSaved } from "~/models/realtime-events.server";
import { removeFormFiles } from "~/storage/form-files.server";

export type FormRow = typeof forms.$inferSelect;

/** A form as the editor saves it, already validated (app/infra/form-input.server.ts). */
export interface FormInput {
  name: string;
  status: FormStatus;
  opensAt: Date | null;
  closesAt: Date | null;
  maxSubmissions: number | null;
  closedMessage: string;
  routing: FormRouting;
  /** Days submissions are kept (null: for good). */
  retentionDays: number | null;
  blockedDomains: string[];
  /** Ask visitors for the captcha set up under Integrations (nothing is asked while no keys are saved). */
  captcha: boolean;
  /** The other sites (origins) that may embed the form. */
  allowedOrigins: string[];
  definition: FormDefinition;
}

/** One row of the Forms screen. */
export interface FormSummary {
  id: string;
  name: string;
  status: FormStatus;
  opensAt: Date | null;
  closesAt: Date | null;
  maxSubmissions: number | null;
  updatedAt: Date;
  submissions: number;
  lastSubmissionAt: Date | null;
}

export async function listForms(): Promise<FormSummary[]> {
  const totals = db()
    .select({
      formId: formResponses.formId,
      submissions: count().as("submissions"),
      lastSubmissionAt: max(formResponses.createdAt).as("last_submission_at"),
    })
    .from(formResponses)
    .where(isNull(formResponses.heldReason))
    .groupBy(formResponses.formId)
    .as("totals");
  const rows = await db()
    .select({
      id: forms.id,
      name: forms.name,
      status: forms.status,
      opensAt: forms.opensAt,
      closesAt: forms.closesAt,
      maxSubmissions: forms.maxSubmissions,
      updatedAt: forms.updatedAt,
      submissions: sql<number>`coalesce(${totals.submissions}, 0)`.mapWith(Number),
      lastSubmissionAt: totals.lastSubmissionAt,
    })
    .from(forms)
    .leftJoin(totals, eq(totals.formId, forms.id))
    .orderBy(desc(forms.updatedAt));
  // max() over a timestamp comes back as text from a subquery: read it as the date it is.
  return rows.map((row) => ({
    ...row,
    lastSubmissionAt: row.lastSubmissionAt ? new Date(row.lastSubmissionAt) : null,
  }));
}

export async function getForm(id: string): Promise<FormRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(forms).where(eq(forms.id, id)).limit(1);
  return row;
}

/** The forms visitors send submissions to, at the content version they were read at (see formForSubmission). */
const submittable = new VersionedCache<FormRow>(500);

/**
 * The form a visitor's submission is checked against, without a query while nothing was saved since it was read:
 * keyed on the content version, which every save of a form that is not a draft moves (on every instance, as for
 * cached pages). A submission's decisive rules (the form still there and open, its limit) are judged again against
 * the row itself in the transaction that stores it (form-response-storage.server.ts). Never changed by its callers.
 */
export async function formForSubmission(id: string): Promise<FormRow | undefined> {
  if (!isUuid(id)) return undefined;
  // The version first: a save committed after it is read moves it again, so an older row is never kept as newer.
  const version = await contentVersionNow();
  const cached = submittable.get(id, version);
  if (cached) return cached;
  const form = await getForm(id);
  if (form) submittable.set(id, version, form);
  return form;
}

/** Submissions that count toward a form's limit (not those held as suspected spam). */
export async function countedResponses(formId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(formResponses)
    .where(sql`${formResponses.formId} = ${formId} and ${formResponses.heldReason} is null`);
  return row?.n ?? 0;
}

/**
 * The forms of these ids that are not drafts, as a visitor's page shows them (with the captcha for those that ask
 * for it while its keys are saved); `ids` undefined: every form, drafts too, without a captcha (the page editor's
 * choice of forms and its preview).
 */
export async function publicForms(ids?: string[]): Promise<Map<string, PublicForm & { name: string }>> {
  const wanted = ids?.filter(isUuid);
  if (wanted?.length === 0) return new Map();
  const rows = await db()
    .select()
    .from(forms)
    .where(wanted ? inArray(forms.id, wanted) : undefined)
    .orderBy(forms.name);
  const shown = new Map<string, PublicForm & { name: string }>();
  const captcha = ids && rows.some((row) => row.captcha) ? await publicCaptcha() : null;
  for (const row of rows) {
    if (ids && row.status === "draft") continue;
    shown.set(row.id, { ...(await publicFormOf(row, captcha)), name: row.name });
  }
  return shown;
}

/**
 * A form as a visitor's page gets it: the definition, what decides whether it takes submissions, and the captcha
 * (`captcha`, the saved keys' public part) when it asks for one.
 */
async function publicFormOf(row: FormRow, captcha: PublicCaptcha | null): Promise<PublicForm> {
  return {
    id: row.id,
    definition: row.definition,
    status: row.status,
    opensAt: row.opensAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    full: row.maxSubmissions !== null && (await countedResponses(row.id)) >= row.maxSubmissions,
    closedMessage: row.closedMessage,
    ...(row.captcha && captcha ? { captcha } : {}),
  };
}

/**
 * A form for its embed page (another site's frame, ADR 058), with the sites that may frame it; undefined for a
 * draft (on no site) or no such form.
 */
export async function embeddedForm(
  id: string,
): Promise<{ form: PublicForm; allowedOrigins: string[] } | undefined> {
  const row = await getForm(id);
  if (!row || row.status === "draft") return undefined;
  const captcha = row.captcha ? await publicCaptcha() : null;
  return { form: await publicFormOf(row, captcha), allowedOrigins: row.allowedOrigins };
}

/**
 * The sites (origins) that may embed and send form `id`, read as a submission reads its form (formForSubmission: no
 * query while nothing was saved, which the funnel's beacon of every form view would otherwise pay); undefined when
 * there is no such form, "unavailable" when the database cannot be reached (answered 503, as a capture would be).
 */
export async function allowedOriginsOf(id: string): Promise<string[] | undefined | "unavailable"> {
  try {
    return (await formForSubmission(id))?.allowedOrigins;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return "unavailable";
    throw error;
  }
}

/** How many submissions a form has stored (what deleting it would delete with it). */
export async function countFormResponses(formId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(formResponses).where(eq(formResponses.formId, formId));
  return row?.n ?? 0;
}

export type FormSaveOutcome =
  | { ok: true; form: FormRow }
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "conflict"; current: FormRow };

/** A form can be on public pages unless it is a draft: its saves change what visitors see. */
const mayBeShown = (row: Pick<FormRow, "status"> | undefined) => Boolean(row && row.status !== "draft");

/** A form as its revisions keep it: every column a save stores, not who saved it last (the revision says who). */
const revisionOf = ({ updatedBy: _savedBy, ...row }: FormRow) => row;

/** The form's fields as a revision's snapshot holds them: what the history compares a revision with. */
export const formSnapshot = (row: FormRow): Snapshot => snapshotOf(revisionOf(row));

interface FormSaveOptions {
  /** The version the editor loaded: a save over a newer one is refused and changes nothing. */
  base?: EditVersion;
  keepLeadSettings?: boolean;
  keepEmbedOrigins?: boolean;
  /** What the save's revision records: an edit (or a creation) unless told; a restore names the revision. */
  revision?: { action: RevisionAction; restoredFrom?: number };
}

/**
 * Creates (no `id`) or updates a form, keeping its revision. `base` is the version the editor loaded: a save over a
 * newer one is refused and changes nothing. `keepLeadSettings`: the saving member may not decide what becomes of the
 * leads (only those who manage the site's lead notifications may), so the form keeps its routing and its retention
 * (a new one gets the defaults: nobody alerted, kept for good) whatever the input says. `keepEmbedOrigins`: likewise
 * for the other sites that may embed the form (a new one: none).
 */
export async function saveForm(
  id: string | null,
  input: FormInput,
  who: AuditContext,
  { base, keepLeadSettings = false, keepEmbedOrigins = false, revision }: FormSaveOptions = {},
): Promise<FormSaveOutcome> {
  const result = await db().transaction(async (tx) => {
    const [before] = id ? await tx.select().from(forms).where(eq(forms.id, id)).for("update") : [];
    if (id && !before) return undefined;
    if (before && isStale(before, base)) return { stale: before };
    const leadSettings = keepLeadSettings
      ? { routing: before?.routing ?? DEFAULT_ROUTING, retentionDays: before?.retentionDays ?? null }
      : {};
    const origins = keepEmbedOrigins ? { allowedOrigins: before?.allowedOrigins ?? [] } : {};
    const values = { ...input, ...leadSettings, ...origins, updatedAt: new Date(), updatedBy: memberOf(who) };
    const [after] = before
      ? await tx.update(forms).set(values).where(eq(forms.id, before.id)).returning()
      : await tx.insert(forms).values(values).returning();
    if (!after) return undefined;
    await recordRevision(tx, "form", {
      before: before && revisionOf(before),
      after: revisionOf(after),
      who,
      ...(revision ?? { action: before ? "update" : "create" }),
    });
    await documentSaved(tx, "form", after);
    return { before, after };
  });
  if (!result) return { ok: false, reason: "gone" };
  if (result.stale) return { ok: false, reason: "conflict", current: result.stale };
  const { before, after } = result;
  const restoredFrom = revision?.action === "restore" ? revision.restoredFrom : undefined;
  // Which other sites may embed the form is a security setting: its entry names them whenever they change.
  const originsChanged = (before?.allowedOrigins ?? []).join(" ") !== after.allowedOrigins.join(" ");
  await publicContentChanged(
    who,
    {
      action: restoredFrom ? "form.restore" : before ? "form.update" : "form.create",
      entity: "form",
      entityId: after.id,
      details: {
        name: after.name,
        status: after.status,
        ...(restoredFrom ? { restoredFrom } : {}),
        ...(originsChanged ? { allowedOrigins: after.allowedOrigins } : {}),
      },
    },
    mayBeShown(before) || mayBeShown(after),
  );
  return { ok: true, form: after };
}

/**
 * Deletes a form and the submissions it collected; undefined when it was already gone. `keepLeads`: the member may
 * not delete leads, so a form that has collected any stays (answered "has-submissions"); the count is taken under
 * the form's lock, so a submission arriving meanwhile is not deleted with it.
 */
export async function deleteForm(
  id: string,
  who: AuditContext,
  { keepLeads = false }: { keepLeads?: boolean } = {},
): Promise<FormRow | "has-submissions" | undefined> {
  let files: Record<string, FileAnswer>[] = [];
  const deleted = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(forms).where(eq(forms.id, id)).for("update");
    if (!row) return undefined;
    // Its submissions go with it (the foreign key cascades); their files from the store once they are gone.
    const responses = await tx
      .select({ files: formResponses.files })
      .from(formResponses)
      .where(eq(formResponses.formId, id));
    if (keepLeads && responses.length > 0) return "has-submissions" as const;
    await tx.delete(forms).where(eq(forms.id, id));
    await deleteRevisionsOf(tx, "form", id);
    files = responses.map((r) => r.files);
    return row;
  });
  if (!deleted || deleted === "has-submissions") return deleted;
  await removeFormFiles(files);
  await publicContentChanged(
    who,
    { action: "form.delete", entity: "form", entityId: deleted.id, details: { name: deleted.name } },
    mayBeShown(deleted),
  );
  return deleted;
}

/**
 * Deletes the submissions (held ones too) older than their form's retention, and then their files, for the pruning
 * job; returns how many went. Forms without a retention keep theirs.
 */
export async function pruneExpiredFormResponses(): Promise<number> {
  const gone = await db()
    .delete(formResponses)
    .where(
      sql`${formResponses.formId} in (select ${forms.id} from ${forms} where ${forms.retentionDays} is not null)
        and ${formResponses.createdAt} < now() - make_interval(days => (
          select ${forms.retentionDays} from ${forms} where ${forms.id} = ${formResponses.formId}))`,
    )
    .returning({ id: formResponses.id, files: formResponses.files });
  await removeFormFiles(gone.map((r) => r.files));
  return gone.length;
}

/**
 * Whether an open form reached its opening or closing time in (`from`, `to`]: its pages show it, or its closed
 * message, from then on, so the publication scheduler renders cached pages again (contentChanged).
 */
export async function formTimesPassed(from: Date, to: Date): Promise<boolean> {
  const [hit] = await db()
    .select({ id: forms.id })
    .from(forms)
    .where(
      and(
        eq(forms.status, "open"),
        or(
          and(gt(forms.opensAt, from), lte(forms.opensAt, to)),
          and(gt(forms.closesAt, from), lte(forms.closesAt, to)),
        ),
      ),
    )
    .limit(1);
  return Boolean(hit);
}

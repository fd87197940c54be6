// The admin lead inbox: contact requests, subscribers, demo/dialog leads (form_submissions) and the submissions of
// the forms the team built (form_responses, without those held as suspected spam), filtered in SQL
// (search, status, kind, date range), with status changes, deletions and a cheap "has anything changed?" marker
// for live updates. Public inserts live in lead-storage.server.ts (another module), so nothing here writes new leads.
// CSV exports: contacts-export.server.ts; the person view and erasure: lead-person.server.ts.
import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  contactRequests,
  formResponses,
  formSubmissions,
  forms,
  leadStatusChanges,
  subscribers,
} from "~/db/schema";
import { containsPattern } from "~/db/sql-helpers.server";
import type { FormDefinition } from "~/lib/form-builder/definition";
import type { FileAnswer } from "~/lib/form-builder/files";
import { answersOf, type ShownAnswer } from "~/lib/form-builder/submission";
import { isLeadKind, isLeadStatus, LEAD_STATUSES, type LeadKind, type LeadStatus } from "~/lib/lead-status";
import { safeText } from "~/lib/safe-text";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { inInbox, LEAD_ENTITIES, LEAD_TABLES, type LeadTable, leadRow } from "~/models/lead-tables.server";
import { leadsChanged } from "~/models/realtime-events.server";
import { removeFormFiles } from "~/storage/form-files.server";

export type ContactRequest = typeof contactRequests.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type FormSubmission = typeof formSubmissions.$inferSelect;

/** Rows shown per list; the CSV export has them all. */
export const LIST_LIMIT = 200;

/** What narrows the inbox; every field is optional and kept in the page URL. */
export interface LeadFilter {
  q?: string;
  status?: LeadStatus;
  kind?: LeadKind;
  /** Inclusive calendar days (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  /** "me": the leads assigned to `me` (the signed-in member); "none": the unassigned ones. */
  assigned?: "me" | "none";
  /** The signed-in member's auth user id, for "assigned to me". */
  me?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function validDay(value: string | null | undefined): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
}

/**
 * The filter of an inbox URL; unknown or malformed values are dropped, so a hand-edited link still opens. `me` is
 * the signed-in member's id, which "assigned to me" (`?assigned=me`) means.
 */
export function filterFromSearch(
  params: URLSearchParams,
  me?: string,
): Required<Pick<LeadFilter, "q">> & LeadFilter {
  const status = params.get("status");
  const kind = params.get("kind");
  const assigned = params.get("assigned");
  return {
    assigned: assigned === "none" || (assigned === "me" && me) ? assigned : undefined,
    me: assigned === "me" ? me : undefined,
    q: safeText((params.get("q") ?? "").trim(), 200),
    status: isLeadStatus(status) ? status : undefined,
    kind: isLeadKind(kind) ? kind : undefined,
    from: validDay(params.get("from")),
    to: validDay(params.get("to")),
  };
}

/** Status and date conditions, the same for every table. */
function commonFilter(table: LeadTable, f: LeadFilter): SQL[] {
  const parts: SQL[] = [];
  if (f.status) parts.push(eq(table.status, f.status));
  if (f.from) parts.push(gte(table.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) parts.push(lt(table.createdAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)));
  if (f.assigned === "none") parts.push(isNull(table.assignedTo));
  if (f.assigned === "me") parts.push(f.me ? eq(table.assignedTo, f.me) : FALSE);
  return parts;
}

/** False when the kind filter hides this list. */
const FALSE = sql`false`;

/** Contacts match a substring of name, email or organization, any case (docs/product.md, Contacts inbox). */
function contactFilter(f: LeadFilter): SQL | undefined {
  if (f.kind && f.kind !== "contact") return FALSE;
  const p = f.q ? containsPattern(f.q.trim()) : undefined;
  const text = p
    ? or(
        ilike(contactRequests.name, p),
        ilike(contactRequests.email, p),
        ilike(contactRequests.organization, p),
      )
    : undefined;
  return and(text, ...commonFilter(contactRequests, f));
}

/** Subscribers match on email only (docs/product.md, Contacts inbox). */
function subscriberFilter(f: LeadFilter): SQL | undefined {
  if (f.kind && f.kind !== "subscriber") return FALSE;
  const text = f.q ? ilike(subscribers.email, containsPattern(f.q.trim())) : undefined;
  return and(text, ...commonFilter(subscribers, f));
}

/** Demo/dialog leads match like contacts: name or email. */
function submissionFilter(f: LeadFilter): SQL | undefined {
  if (f.kind && f.kind !== "submission") return FALSE;
  const p = f.q ? containsPattern(f.q.trim()) : undefined;
  const text = p ? or(ilike(formSubmissions.name, p), ilike(formSubmissions.email, p)) : undefined;
  return and(text, ...commonFilter(formSubmissions, f));
}

/**
 * A built form's submissions match on name, e-mail, any answer or the form's name; the inbox never shows those held
 * as suspected spam.
 */
function formLeadFilter(f: LeadFilter): SQL | undefined {
  if (f.kind && f.kind !== "form") return FALSE;
  const p = f.q ? containsPattern(f.q.trim()) : undefined;
  const text = p
    ? or(
        ilike(formResponses.name, p),
        ilike(formResponses.email, p),
        sql`${formResponses.values}::text ilike ${p}`,
        ilike(forms.name, p),
      )
    : undefined;
  return and(inInbox("form"), text, ...commonFilter(formResponses, f));
}

type ListOptions = LeadFilter & { limit?: number };

export async function listContactRequests({ limit = LIST_LIMIT, ...f }: ListOptions = {}) {
  return db()
    .select()
    .from(contactRequests)
    .where(contactFilter(f))
    .orderBy(desc(contactRequests.createdAt))
    .limit(limit);
}

export async function listSubscribers({ limit = LIST_LIMIT, ...f }: ListOptions = {}) {
  return db()
    .select()
    .from(subscribers)
    .where(subscriberFilter(f))
    .orderBy(desc(subscribers.createdAt))
    .limit(limit);
}

export async function listFormSubmissions({ limit = LIST_LIMIT, ...f }: ListOptions = {}) {
  return db()
    .select()
    .from(formSubmissions)
    .where(submissionFilter(f))
    .orderBy(desc(formSubmissions.createdAt))
    .limit(limit);
}

/** A built form's submission as the inbox shows it: with its form's name and its answers in the form's order. */
export type FormLead = Omit<
  typeof formResponses.$inferSelect,
  "values" | "consents" | "heldReason" | "heldElapsedMs" | "files"
> & {
  formName: string;
  answers: ShownAnswer[];
};

/** The rows of formResponses, with their form, as FormLead. */
export function formLeadsOf(
  rows: { response: typeof formResponses.$inferSelect; formName: string; definition: FormDefinition }[],
): FormLead[] {
  return rows.map(({ response, formName, definition }) => {
    const { values, files, consents: _c, heldReason: _h, heldElapsedMs: _e, ...lead } = response;
    return { ...lead, formName, answers: answersOf(definition, values, files) };
  });
}

/** What a form lead's query selects: the row, and its form's name and definition. */
export const FORM_LEAD_COLUMNS = {
  response: formResponses,
  formName: forms.name,
  definition: forms.definition,
};

export async function listFormLeads({ limit = LIST_LIMIT, ...f }: ListOptions = {}): Promise<FormLead[]> {
  const rows = await db()
    .select(FORM_LEAD_COLUMNS)
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .where(formLeadFilter(f))
    .orderBy(desc(formResponses.createdAt))
    .limit(limit);
  return formLeadsOf(rows);
}

export interface LeadCounts {
  contacts: number;
  subscribers: number;
  submissions: number;
  forms: number;
}

/** How many records match the filter in each list (all of them without one). A string is a search. */
export async function countLeads(filter: LeadFilter | string = {}): Promise<LeadCounts> {
  const f = typeof filter === "string" ? { q: filter } : filter;
  const [[c], [s], [fs], [fr]] = await Promise.all([
    db().select({ n: count() }).from(contactRequests).where(contactFilter(f)),
    db().select({ n: count() }).from(subscribers).where(subscriberFilter(f)),
    db().select({ n: count() }).from(formSubmissions).where(submissionFilter(f)),
    db()
      .select({ n: count() })
      .from(formResponses)
      .innerJoin(forms, eq(forms.id, formResponses.formId))
      .where(formLeadFilter(f)),
  ]);
  return { contacts: c?.n ?? 0, subscribers: s?.n ?? 0, submissions: fs?.n ?? 0, forms: fr?.n ?? 0 };
}

/** Contact requests per status (the dashboard's "new" figure is `byStatus.new`). */
export async function countContactsByStatus(): Promise<Record<LeadStatus, number>> {
  const rows = await db()
    .select({ status: contactRequests.status, n: count() })
    .from(contactRequests)
    .groupBy(contactRequests.status);
  const result = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of rows) result[row.status] = row.n;
  return result;
}

/**
 * Sets a lead's status, stores the change (who, when, from, to) for the person's timeline and records it in the
 * audit trail by lead id only (no e-mail: the audit log outlives an erased person). Returns the previous status,
 * or undefined when the row does not exist. Setting the status it already has changes nothing.
 */
export async function setLeadStatus(
  kind: LeadKind,
  id: string,
  status: LeadStatus,
  who: AuditContext,
): Promise<{ before: LeadStatus } | undefined> {
  const table: LeadTable = LEAD_TABLES[kind];
  const result = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ status: table.status, email: table.email })
      .from(table)
      .where(leadRow(kind, id))
      .for("update");
    if (!row) return undefined;
    if (row.status === status) return { before: row.status, changed: false };
    await tx.update(table).set({ status }).where(eq(table.id, id));
    await leadsChanged(tx);
    await tx.insert(leadStatusChanges).values({
      email: row.email.toLowerCase(),
      leadKind: kind,
      leadId: id,
      fromStatus: row.status,
      toStatus: status,
      actor: who.actor,
    });
    return { before: row.status, changed: true };
  });
  if (!result) return undefined;
  if (result.changed) {
    await auditAs(who, {
      action: "lead.status",
      entity: LEAD_ENTITIES[kind],
      entityId: id,
      details: { before: result.before, after: status },
    });
  }
  return { before: result.before };
}

/** The contact-request case of setLeadStatus (kept for callers that only know contact requests). */
export function setContactStatus(id: string, status: LeadStatus, who: AuditContext) {
  return setLeadStatus("contact", id, status, who);
}

/**
 * Deletes one lead row and audits it by id: never the name or e-mail address, the audit log outlives the lead
 * and an erased person must not live on in it. Returns `{ id }`, or undefined when nothing matched.
 */
export async function deleteLead(kind: LeadKind, id: string, who: AuditContext) {
  const table: LeadTable = LEAD_TABLES[kind];
  const row = await db().transaction(async (tx) => {
    // A built form's submission also answers its files, deleted from the store once the row is gone.
    const [deleted]: { id: string; files?: Record<string, FileAnswer> }[] =
      kind === "form"
        ? await tx
            .delete(formResponses)
            .where(leadRow(kind, id))
            .returning({ id: formResponses.id, files: formResponses.files })
        : await tx.delete(table).where(leadRow(kind, id)).returning({ id: table.id });
    if (deleted) await leadsChanged(tx);
    return deleted;
  });
  if (!row) return undefined;
  await removeFormFiles([row.files]);
  const action = kind === "subscriber" ? "subscriber.delete" : "lead.delete";
  await auditAs(who, { action, entity: LEAD_ENTITIES[kind], entityId: row.id, details: { id: row.id } });
  return { id: row.id };
}

export const deleteContactRequest = (id: string, who: AuditContext) => deleteLead("contact", id, who);

// The admin lead inbox: contact requests, subscribers and demo/dialog leads (form_submissions), searched in SQL,
// with status changes, deletions, CSV exports and a cheap "has anything changed?" marker for live updates.
// Public inserts live in leads.server.ts (another module), so nothing here writes new leads.
import { count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import {
  CONTACT_STATUSES,
  type ContactStatus,
  contactRequests,
  formSubmissions,
  subscribers,
} from "~/db/schema";
import { containsPattern } from "~/db/sql-helpers.server";
import { type CsvColumn, toCsv } from "~/lib/csv";
import { type AuditContext, auditAs } from "~/models/audit.server";

export type ContactRequest = typeof contactRequests.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type FormSubmission = typeof formSubmissions.$inferSelect;

/** Rows shown per list; the CSV export has them all. */
export const LIST_LIMIT = 200;

function normalise(q: string | null | undefined): string {
  return (q ?? "").trim().slice(0, 200);
}

/** Contacts match a substring of name, email or organization, any case (docs/product.md, Contacts inbox). */
function contactFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  return or(
    ilike(contactRequests.name, p),
    ilike(contactRequests.email, p),
    ilike(contactRequests.organization, p),
  );
}

/** Subscribers match on email only (docs/product.md, Contacts inbox). */
function subscriberFilter(q: string): SQL | undefined {
  return q ? ilike(subscribers.email, containsPattern(q)) : undefined;
}

/** Demo/dialog leads match like contacts: name or email. */
function submissionFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  return or(ilike(formSubmissions.name, p), ilike(formSubmissions.email, p));
}

export async function listContactRequests({ q = "", limit = LIST_LIMIT } = {}): Promise<ContactRequest[]> {
  return db()
    .select()
    .from(contactRequests)
    .where(contactFilter(normalise(q)))
    .orderBy(desc(contactRequests.createdAt))
    .limit(limit);
}

export async function listSubscribers({ q = "", limit = LIST_LIMIT } = {}): Promise<Subscriber[]> {
  return db()
    .select()
    .from(subscribers)
    .where(subscriberFilter(normalise(q)))
    .orderBy(desc(subscribers.createdAt))
    .limit(limit);
}

export async function listFormSubmissions({ q = "", limit = LIST_LIMIT } = {}): Promise<FormSubmission[]> {
  return db()
    .select()
    .from(formSubmissions)
    .where(submissionFilter(normalise(q)))
    .orderBy(desc(formSubmissions.createdAt))
    .limit(limit);
}

export interface LeadCounts {
  contacts: number;
  subscribers: number;
  submissions: number;
}

/** How many records match the search in each list (all of them without a search). */
export async function countLeads(q = ""): Promise<LeadCounts> {
  const term = normalise(q);
  const [[c], [s], [f]] = await Promise.all([
    db().select({ n: count() }).from(contactRequests).where(contactFilter(term)),
    db().select({ n: count() }).from(subscribers).where(subscriberFilter(term)),
    db().select({ n: count() }).from(formSubmissions).where(submissionFilter(term)),
  ]);
  return { contacts: c?.n ?? 0, subscribers: s?.n ?? 0, submissions: f?.n ?? 0 };
}

/** Contact requests per status (the dashboard's "new" figure is `byStatus.new`). */
export async function countContactsByStatus(): Promise<Record<ContactStatus, number>> {
  const rows = await db()
    .select({ status: contactRequests.status, n: count() })
    .from(contactRequests)
    .groupBy(contactRequests.status);
  const result = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, 0])) as Record<ContactStatus, number>;
  for (const row of rows) result[row.status] = row.n;
  return result;
}

export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === "string" && (CONTACT_STATUSES as readonly string[]).includes(value);
}

/**
 * Sets a contact request's status and records it in the audit trail; returns the previous one, or undefined when
 * the row does not exist.
 */
export async function setContactStatus(
  id: string,
  status: ContactStatus,
  who: AuditContext,
): Promise<{ before: ContactStatus } | undefined> {
  const result = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ status: contactRequests.status })
      .from(contactRequests)
      .where(eq(contactRequests.id, id))
      .for("update");
    if (!row) return undefined;
    await tx.update(contactRequests).set({ status }).where(eq(contactRequests.id, id));
    return { before: row.status };
  });
  if (result) {
    await auditAs(who, {
      action: "lead.status",
      entity: "contact_request",
      entityId: id,
      details: { before: result.before, after: status },
    });
  }
  return result;
}

/** The audit entry of a deleted lead row: its id only (see deleteContactRequest). */
async function auditDeletion(
  who: AuditContext,
  action: string,
  entity: string,
  row: { id: string } | undefined,
) {
  if (row) await auditAs(who, { action, entity, entityId: row.id, details: row });
  return row;
}

/**
 * Deletes one row and audits it; returns its id (what the audit trail records), or undefined when nothing
 * matched. Never the name or e-mail address: the audit log outlives the lead, and an erased person must not live
 * on in it.
 */
export async function deleteContactRequest(id: string, who: AuditContext) {
  const [row] = await db()
    .delete(contactRequests)
    .where(eq(contactRequests.id, id))
    .returning({ id: contactRequests.id });
  return auditDeletion(who, "lead.delete", "contact_request", row);
}

export async function deleteSubscriber(id: string, who: AuditContext) {
  const [row] = await db()
    .delete(subscribers)
    .where(eq(subscribers.id, id))
    .returning({ id: subscribers.id });
  return auditDeletion(who, "subscriber.delete", "subscriber", row);
}

export async function deleteFormSubmission(id: string, who: AuditContext) {
  const [row] = await db()
    .delete(formSubmissions)
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id });
  return auditDeletion(who, "lead.delete", "form_submission", row);
}

/**
 * A short string that changes whenever a lead is added or removed in any of the three tables: their row counts
 * and newest created_at. One cheap query (index-only on the created_at indexes), so each open inbox can poll it.
 */
export async function leadsMarker(): Promise<string> {
  const rows = await db().execute(sql`
    select
      (select count(*) from atlas_contact_requests)::text as c,
      (select coalesce(max(created_at)::text, '') from atlas_contact_requests) as cm,
      (select count(*) from subscribers)::text as s,
      (select coalesce(max(created_at)::text, '') from subscribers) as sm,
      (select count(*) from form_submissions)::text as f,
      (select coalesce(max(created_at)::text, '') from form_submissions) as fm`);
  const r = rowsOf<Record<string, string>>(rows)[0] ?? {};
  return [r.c, r.cm, r.s, r.sm, r.f, r.fm].join("|");
}

// ---------------------------------------------------------------------------------------------------------------
// CSV exports (every matching row, with the attribution columns)

type Attribution = Pick<
  ContactRequest,
  | "sourcePage"
  | "sourceSection"
  | "referrer"
  | "landingPage"
  | "utmSource"
  | "utmMedium"
  | "utmCampaign"
  | "utmTerm"
  | "utmContent"
>;

function attributionColumns<T extends Attribution>(): CsvColumn<T>[] {
  return [
    { header: "source_page", value: (r) => r.sourcePage },
    { header: "source_section", value: (r) => r.sourceSection },
    { header: "referrer", value: (r) => r.referrer },
    { header: "landing_page", value: (r) => r.landingPage },
    { header: "utm_source", value: (r) => r.utmSource },
    { header: "utm_medium", value: (r) => r.utmMedium },
    { header: "utm_campaign", value: (r) => r.utmCampaign },
    { header: "utm_term", value: (r) => r.utmTerm },
    { header: "utm_content", value: (r) => r.utmContent },
  ];
}

export const EXPORT_LISTS = ["contacts", "subscribers", "submissions"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

const EXPORT_MAX = 100_000;

/**
 * The CSV of one list, recorded in the audit trail as an export: whether a search narrowed it, not the search
 * itself (it is often a person's name or address).
 */
export async function exportLeadsCsv(list: ExportList, q: string, who: AuditContext): Promise<string> {
  const csv = await exportCsv(list, q);
  await auditAs(who, { action: "leads.export", entity: list, details: q ? { filtered: true } : null });
  return csv;
}

export async function exportCsv(list: ExportList, q = ""): Promise<string> {
  if (list === "contacts") {
    const rows = await listContactRequests({ q, limit: EXPORT_MAX });
    return toCsv<ContactRequest>(
      [
        { header: "id", value: (r) => r.id },
        { header: "created_at", value: (r) => r.createdAt },
        { header: "name", value: (r) => r.name },
        { header: "email", value: (r) => r.email },
        { header: "organization", value: (r) => r.organization },
        { header: "interest", value: (r) => r.interest },
        { header: "message", value: (r) => r.message },
        { header: "status", value: (r) => r.status },
        ...attributionColumns<ContactRequest>(),
      ],
      rows,
    );
  }
  if (list === "subscribers") {
    const rows = await listSubscribers({ q, limit: EXPORT_MAX });
    return toCsv<Subscriber>(
      [
        { header: "id", value: (r) => r.id },
        { header: "created_at", value: (r) => r.createdAt },
        { header: "email", value: (r) => r.email },
        { header: "purpose", value: (r) => r.purpose },
        ...attributionColumns<Subscriber>(),
      ],
      rows,
    );
  }
  const rows = await listFormSubmissions({ q, limit: EXPORT_MAX });
  return toCsv<FormSubmission>(
    [
      { header: "id", value: (r) => r.id },
      { header: "created_at", value: (r) => r.createdAt },
      { header: "name", value: (r) => r.name },
      { header: "email", value: (r) => r.email },
      { header: "purpose", value: (r) => r.purpose },
      { header: "subject", value: (r) => r.subject },
      { header: "message", value: (r) => r.message },
      ...attributionColumns<FormSubmission>(),
    ],
    rows,
  );
}

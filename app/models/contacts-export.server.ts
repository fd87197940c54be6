// CSV exports of the lead inbox: every row matching the inbox's filter, with the attribution columns.
import { type CsvColumn, toCsv } from "~/lib/csv";
import { answerLines } from "~/lib/form-builder/submission";
import { type AuditContext, auditAs } from "~/models/audit.server";
import {
  type ContactRequest,
  type FormLead,
  type FormSubmission,
  type LeadFilter,
  listContactRequests,
  listFormLeads,
  listFormSubmissions,
  listSubscribers,
  type Subscriber,
} from "~/models/contacts-admin.server";

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

export const EXPORT_LISTS = ["contacts", "subscribers", "submissions", "forms"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

const EXPORT_MAX = 100_000;

/**
 * The CSV of one list, recorded in the audit trail as an export: whether a search narrowed it, not the search
 * itself (it is often a person's name or address).
 */
export async function exportLeadsCsv(
  list: ExportList,
  filter: LeadFilter | string,
  who: AuditContext,
): Promise<string> {
  const f = typeof filter === "string" ? { q: filter } : filter;
  const csv = await exportCsv(list, f);
  const filtered = Boolean(f.q || f.status || f.kind || f.from || f.to || f.assigned);
  await auditAs(who, { action: "leads.export", entity: list, details: filtered ? { filtered: true } : null });
  return csv;
}

export async function exportCsv(list: ExportList, filter: LeadFilter | string = {}): Promise<string> {
  const f = typeof filter === "string" ? { q: filter } : filter;
  if (list === "contacts") {
    const rows = await listContactRequests({ ...f, limit: EXPORT_MAX });
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
    const rows = await listSubscribers({ ...f, limit: EXPORT_MAX });
    return toCsv<Subscriber>(
      [
        { header: "id", value: (r) => r.id },
        { header: "created_at", value: (r) => r.createdAt },
        { header: "email", value: (r) => r.email },
        { header: "purpose", value: (r) => r.purpose },
        { header: "status", value: (r) => r.status },
        ...attributionColumns<Subscriber>(),
      ],
      rows,
    );
  }
  if (list === "forms") {
    // Forms differ in their fields: one column holds every answer ("Label: answer", one per line); each form's own
    // export (its screen) has a column per field.
    const rows = await listFormLeads({ ...f, limit: EXPORT_MAX });
    return toCsv<FormLead>(
      [
        { header: "id", value: (r) => r.id },
        { header: "created_at", value: (r) => r.createdAt },
        { header: "form", value: (r) => r.formName },
        { header: "name", value: (r) => r.name },
        { header: "email", value: (r) => r.email },
        { header: "answers", value: (r) => answerLines(r.answers) },
        { header: "status", value: (r) => r.status },
        ...attributionColumns<FormLead>(),
      ],
      rows,
    );
  }
  const rows = await listFormSubmissions({ ...f, limit: EXPORT_MAX });
  return toCsv<FormSubmission>(
    [
      { header: "id", value: (r) => r.id },
      { header: "created_at", value: (r) => r.createdAt },
      { header: "name", value: (r) => r.name },
      { header: "email", value: (r) => r.email },
      { header: "purpose", value: (r) => r.purpose },
      { header: "subject", value: (r) => r.subject },
      { header: "message", value: (r) => r.message },
      { header: "status", value: (r) => r.status },
      ...attributionColumns<FormSubmission>(),
    ],
    rows,
  );
}

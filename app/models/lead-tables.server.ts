// The inbox's kinds of lead and the table each lives in, for the writes every kind shares (status, owner,
// deletion). A form submission held as suspected spam sits in the same table as the others of its form but is no
// lead until a member says so: `leadRow` never finds it.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { contactRequests, formResponses, formSubmissions, subscribers } from "~/db/schema";
import type { LeadKind } from "~/lib/lead-status";

export const LEAD_TABLES = {
  contact: contactRequests,
  submission: formSubmissions,
  subscriber: subscribers,
  form: formResponses,
} as const;

export type LeadTable = (typeof LEAD_TABLES)[LeadKind];

/** The rows of `kind` the inbox shows (all but held form submissions). */
export function inInbox(kind: LeadKind): SQL | undefined {
  return kind === "form" ? isNull(formResponses.heldReason) : undefined;
}

/** Lead `id` of `kind`, as a condition on its table. */
export function leadRow(kind: LeadKind, id: string): SQL | undefined {
  return and(eq(LEAD_TABLES[kind].id, id), inInbox(kind));
}

/** Audit entity names, as the deletions have always written them. */
export const LEAD_ENTITIES: Record<LeadKind, string> = {
  contact: "contact_request",
  submission: "form_submission",
  subscriber: "subscriber",
  form: "form_response",
};

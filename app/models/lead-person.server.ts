// One person in the lead inbox: every lead with the same e-mail address (any case) shown together, with the
// timeline of their submissions, sign-ups and status changes, internal notes, and erasure ("Erase this person").
// Audit entries written here never hold the e-mail or a note's text: the audit log outlives an erased person.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import {
  contactRequests,
  formResponses,
  formSubmissions,
  forms,
  heldSubmissions,
  leadNotes,
  leadStatusChanges,
  newsletterClicks,
  newsletterRecipients,
  newsletters,
  subscriberHistory,
  subscribers,
} from "~/db/schema";
import type { FileAnswer } from "~/lib/form-builder/files";
import type { LeadKind } from "~/lib/lead-status";
import type { RecipientStatus, SubscriberEvent } from "~/lib/newsletter-status";
import { safeText } from "~/lib/safe-text";
import { type AuditContext, auditAs } from "~/models/audit.server";
import {
  type ContactRequest,
  FORM_LEAD_COLUMNS,
  type FormLead,
  type FormSubmission,
  formLeadsOf,
  type Subscriber,
} from "~/models/contacts-admin.server";
import { inInbox } from "~/models/lead-tables.server";
import { deleteDeliveriesFor } from "~/models/outbox.server";
import { forgetInImports } from "~/models/subscriber-import.server";
import { removeFormFiles } from "~/storage/form-files.server";

export type LeadNote = typeof leadNotes.$inferSelect;
export type StatusChange = typeof leadStatusChanges.$inferSelect;

/** The key a person is grouped by: the trimmed, lower-cased address. */
export function personKey(email: string): string {
  // The address comes from the URL: text the database refuses (NUL, half an emoji) can name no stored lead.
  return safeText(email.trim().toLowerCase(), 320);
}

/** An e-mail column compared without case (matches the lower(email) indexes). */
const sameEmail = (column: AnyPgColumn, key: string) => sql`lower(${column}) = ${key}`;

export type TimelineEvent =
  | { type: "lead"; kind: LeadKind; at: Date; lead: ContactRequest | FormSubmission | Subscriber | FormLead }
  | { type: "status"; at: Date; change: StatusChange };

/** A subscriber's newsletters: the sends they were a recipient of, their clicks and their consent history. */
export interface NewsletterLife {
  /** Newest first; `at` is when it was sent (or queued, when it has not gone yet). */
  sends: {
    newsletterId: string;
    subject: string;
    status: RecipientStatus;
    at: Date;
    openedAt: Date | null;
  }[];
  clicks: { id: string; subject: string; url: string; at: Date }[];
  history: { id: string; event: SubscriberEvent; at: Date }[];
}

const LIFE_LIMIT = 200;

async function newsletterLife(key: string, subscriberId: string | undefined): Promise<NewsletterLife> {
  const mine = subscriberId
    ? or(eq(newsletterRecipients.email, key), eq(newsletterRecipients.subscriberId, subscriberId))
    : eq(newsletterRecipients.email, key);
  const [sends, clicks, history] = await Promise.all([
    db()
      .select({
        newsletterId: newsletters.id,
        subject: newsletters.subject,
        status: newsletterRecipients.status,
        at: sql<Date>`coalesce(${newsletterRecipients.sentAt}, ${newsletterRecipients.createdAt})`.mapWith(
          newsletterRecipients.createdAt,
        ),
        openedAt: newsletterRecipients.openedAt,
      })
      .from(newsletterRecipients)
      .innerJoin(newsletters, eq(newsletters.id, newsletterRecipients.newsletterId))
      .where(mine)
      .orderBy(desc(newsletterRecipients.createdAt))
      .limit(LIFE_LIMIT),
    db()
      .select({
        id: newsletterClicks.id,
        subject: newsletters.subject,
        url: newsletterClicks.url,
        at: newsletterClicks.createdAt,
      })
      .from(newsletterClicks)
      .innerJoin(newsletterRecipients, eq(newsletterRecipients.id, newsletterClicks.recipientId))
      .innerJoin(newsletters, eq(newsletters.id, newsletterClicks.newsletterId))
      .where(mine)
      .orderBy(desc(newsletterClicks.createdAt))
      .limit(LIFE_LIMIT),
    subscriberId
      ? db()
          .select({ id: subscriberHistory.id, event: subscriberHistory.event, at: subscriberHistory.at })
          .from(subscriberHistory)
          .where(eq(subscriberHistory.subscriberId, subscriberId))
          .orderBy(desc(subscriberHistory.at), desc(subscriberHistory.id))
          .limit(LIFE_LIMIT)
      : [],
  ]);
  return { sends, clicks, history };
}

export interface Person {
  email: string;
  /** The most recent name any of their leads gave, if any. */
  name: string | null;
  contacts: ContactRequest[];
  submissions: FormSubmission[];
  /** Their submissions of the forms the team built. */
  formLeads: FormLead[];
  subscriber: Subscriber | null;
  /** Null when they were never a subscriber nor a recipient. */
  newsletter: NewsletterLife | null;
  notes: LeadNote[];
  /** Newest first. */
  timeline: TimelineEvent[];
}

/** Everything the inbox holds about one address, or null when nothing does (no lead and no note). */
export async function getPerson(email: string): Promise<Person | null> {
  const key = personKey(email);
  if (!key) return null;
  const [contacts, submissions, formRows, subs, changes, notes] = await Promise.all([
    db()
      .select()
      .from(contactRequests)
      .where(sameEmail(contactRequests.email, key))
      .orderBy(desc(contactRequests.createdAt)),
    db()
      .select()
      .from(formSubmissions)
      .where(sameEmail(formSubmissions.email, key))
      .orderBy(desc(formSubmissions.createdAt)),
    db()
      .select(FORM_LEAD_COLUMNS)
      .from(formResponses)
      .innerJoin(forms, eq(forms.id, formResponses.formId))
      .where(and(eq(formResponses.email, key), inInbox("form")))
      .orderBy(desc(formResponses.createdAt)),
    db().select().from(subscribers).where(sameEmail(subscribers.email, key)),
    db().select().from(leadStatusChanges).where(eq(leadStatusChanges.email, key)),
    db().select().from(leadNotes).where(eq(leadNotes.email, key)).orderBy(asc(leadNotes.createdAt)),
  ]);
  const formLeads = formLeadsOf(formRows);
  if (contacts.length + submissions.length + formLeads.length + subs.length + notes.length === 0) return null;
  const timeline: TimelineEvent[] = [
    ...contacts.map((lead) => ({
      type: "lead" as const,
      kind: "contact" as const,
      at: lead.createdAt,
      lead,
    })),
    ...submissions.map((lead) => ({
      type: "lead" as const,
      kind: "submission" as const,
      at: lead.createdAt,
      lead,
    })),
    ...formLeads.map((lead) => ({ type: "lead" as const, kind: "form" as const, at: lead.createdAt, lead })),
    ...subs.map((lead) => ({ type: "lead" as const, kind: "subscriber" as const, at: lead.createdAt, lead })),
    ...changes.map((change) => ({ type: "status" as const, at: change.at, change })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const life = await newsletterLife(key, subs[0]?.id);
  const hasLife = subs.length > 0 || life.sends.length > 0;
  const named = [...contacts, ...submissions, ...formLeads, ...subs]
    .filter((l) => l.name)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    email: key,
    name: named[0]?.name ?? null,
    contacts,
    submissions,
    formLeads,
    subscriber: subs[0] ?? null,
    newsletter: hasLife ? life : null,
    notes,
    timeline,
  };
}

export const NOTE_MAX = 5000;

export async function addNote(email: string, body: string, who: AuditContext): Promise<LeadNote> {
  const [note] = await db()
    .insert(leadNotes)
    .values({ email: personKey(email), body, author: who.actor })
    .returning();
  if (!note) throw new Error("note insert returned no row");
  await auditAs(who, { action: "lead.note.add", entity: "lead_note", entityId: note.id });
  return note;
}

/** Edits a note of this person; undefined when it does not exist (or belongs to someone else). */
export async function editNote(email: string, id: string, body: string, who: AuditContext) {
  const [note] = await db()
    .update(leadNotes)
    .set({ body, updatedAt: new Date() })
    .where(and(eq(leadNotes.id, id), eq(leadNotes.email, personKey(email))))
    .returning();
  if (note) await auditAs(who, { action: "lead.note.edit", entity: "lead_note", entityId: note.id });
  return note;
}

export async function deleteNote(email: string, id: string, who: AuditContext) {
  const [note] = await db()
    .delete(leadNotes)
    .where(and(eq(leadNotes.id, id), eq(leadNotes.email, personKey(email))))
    .returning({ id: leadNotes.id });
  if (note) await auditAs(who, { action: "lead.note.delete", entity: "lead_note", entityId: note.id });
  return note;
}

export interface ErasureResult {
  /** A random id for this erasure, the only handle the audit trail keeps. */
  erasureId: string;
  counts: {
    contacts: number;
    submissions: number;
    /** Their submissions of built forms, held ones included. */
    formResponses: number;
    subscribers: number;
    notes: number;
    statusChanges: number;
    /** Their submissions held as suspected spam. */
    held: number;
    /** Newsletters sent to them (one row per send, with its clicks). */
    newsletterMessages: number;
    /** Subscriber imports whose report or rows named them. */
    imports: number;
  };
}

/**
 * Deletes every row with this address (any case) in one transaction: contact requests, demo/dialog leads, built
 * forms' submissions, the subscriber, notes and status history. The audit entry holds counts and a random erasure id; no e-mail, no hash
 * of it (a hash of an address is still personal data: it can be matched by hashing a guess).
 */
export async function erasePerson(email: string, who: AuditContext): Promise<ErasureResult> {
  const key = personKey(email);
  // The files their form submissions carried, deleted from the store once the rows are.
  let files: Record<string, FileAnswer>[] = [];
  const counts = await db().transaction(async (tx) => {
    const contacts = await tx
      .delete(contactRequests)
      .where(sameEmail(contactRequests.email, key))
      .returning({ id: contactRequests.id });
    const submissions = await tx
      .delete(formSubmissions)
      .where(sameEmail(formSubmissions.email, key))
      .returning({ id: formSubmissions.id });
    // Stored lower-cased; held ones too (they are this person's data as much as the others).
    const responses = await tx
      .delete(formResponses)
      .where(eq(formResponses.email, key))
      .returning({ id: formResponses.id, files: formResponses.files });
    const subs = await tx
      .delete(subscribers)
      .where(sameEmail(subscribers.email, key))
      .returning({ id: subscribers.id });
    const notes = await tx.delete(leadNotes).where(eq(leadNotes.email, key)).returning({ id: leadNotes.id });
    const changes = await tx
      .delete(leadStatusChanges)
      .where(eq(leadStatusChanges.email, key))
      .returning({ id: leadStatusChanges.id });
    const held = await tx
      .delete(heldSubmissions)
      .where(eq(heldSubmissions.email, key))
      .returning({ id: heldSubmissions.id });
    // Alert mails and webhooks still waiting (or logged) for this person carry their data too.
    const deliveries = await deleteDeliveriesFor(tx, key);
    // Every newsletter sent to them (its clicks and open go with it); their confirmation links and subscription
    // history went with the subscriber; import reports that name them forget them.
    const ids = subs.map((s) => s.id);
    const messages = await tx
      .delete(newsletterRecipients)
      .where(
        ids.length
          ? or(eq(newsletterRecipients.email, key), inArray(newsletterRecipients.subscriberId, ids))
          : eq(newsletterRecipients.email, key),
      )
      .returning({ id: newsletterRecipients.id });
    const imports = await forgetInImports(tx, key);
    files = responses.map((r) => r.files);
    return {
      contacts: contacts.length,
      submissions: submissions.length,
      formResponses: responses.length,
      subscribers: subs.length,
      notes: notes.length,
      statusChanges: changes.length,
      held: held.length,
      deliveries,
      newsletterMessages: messages.length,
      imports,
    };
  });
  await removeFormFiles(files);
  const erasureId = randomUUID();
  await auditAs(who, { action: "person.erase", entity: "person", entityId: erasureId, details: counts });
  return { erasureId, counts };
}

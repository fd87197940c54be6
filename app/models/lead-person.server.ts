// One person in the lead inbox: every lead with the same e-mail address (any case) shown together, with the
// timeline of their submissions, sign-ups and status changes, internal notes, and erasure ("Erase this person").
// Audit entries written here never hold the e-mail or a note's text: the audit log outlives an erased person.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import {
  contactRequests,
  formSubmissions,
  heldSubmissions,
  leadNotes,
  leadStatusChanges,
  newsletterRecipients,
  subscribers,
} from "~/db/schema";
import type { LeadKind } from "~/lib/lead-status";
import { safeText } from "~/lib/safe-text";
import { type AuditContext, auditAs } from "~/models/audit.server";
import type { ContactRequest, FormSubmission, Subscriber } from "~/models/contacts-admin.server";
import { deleteDeliveriesFor } from "~/models/outbox.server";

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
  | { type: "lead"; kind: LeadKind; at: Date; lead: ContactRequest | FormSubmission | Subscriber }
  | { type: "status"; at: Date; change: StatusChange };

export interface Person {
  email: string;
  /** The most recent name any of their leads gave, if any. */
  name: string | null;
  contacts: ContactRequest[];
  submissions: FormSubmission[];
  subscriber: Subscriber | null;
  notes: LeadNote[];
  /** Newest first. */
  timeline: TimelineEvent[];
}

/** Everything the inbox holds about one address, or null when nothing does (no lead and no note). */
export async function getPerson(email: string): Promise<Person | null> {
  const key = personKey(email);
  if (!key) return null;
  const [contacts, submissions, subs, changes, notes] = await Promise.all([
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
    db().select().from(subscribers).where(sameEmail(subscribers.email, key)),
    db().select().from(leadStatusChanges).where(eq(leadStatusChanges.email, key)),
    db().select().from(leadNotes).where(eq(leadNotes.email, key)).orderBy(asc(leadNotes.createdAt)),
  ]);
  if (contacts.length + submissions.length + subs.length + notes.length === 0) return null;
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
    ...subs.map((lead) => ({ type: "lead" as const, kind: "subscriber" as const, at: lead.createdAt, lead })),
    ...changes.map((change) => ({ type: "status" as const, at: change.at, change })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const named = [...contacts, ...submissions]
    .filter((l) => l.name)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    email: key,
    name: named[0]?.name ?? null,
    contacts,
    submissions,
    subscriber: subs[0] ?? null,
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
    subscribers: number;
    notes: number;
    statusChanges: number;
    /** Their submissions held as suspected spam. */
    held: number;
    /** Newsletters sent to them (one row per send, with its clicks). */
    newsletterMessages: number;
  };
}

/**
 * Deletes every row with this address (any case) in one transaction: contact requests, demo/dialog leads, the
 * subscriber, notes and status history. The audit entry holds counts and a random erasure id; no e-mail, no hash
 * of it (a hash of an address is still personal data: it can be matched by hashing a guess).
 */
export async function erasePerson(email: string, who: AuditContext): Promise<ErasureResult> {
  const key = personKey(email);
  const counts = await db().transaction(async (tx) => {
    const contacts = await tx
      .delete(contactRequests)
      .where(sameEmail(contactRequests.email, key))
      .returning({ id: contactRequests.id });
    const submissions = await tx
      .delete(formSubmissions)
      .where(sameEmail(formSubmissions.email, key))
      .returning({ id: formSubmissions.id });
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
    // Every newsletter sent to them (its clicks go with it); their confirmation links went with the subscriber.
    const messages = await tx
      .delete(newsletterRecipients)
      .where(eq(newsletterRecipients.email, key))
      .returning({ id: newsletterRecipients.id });
    return {
      contacts: contacts.length,
      submissions: submissions.length,
      subscribers: subs.length,
      notes: notes.length,
      statusChanges: changes.length,
      held: held.length,
      deliveries,
      newsletterMessages: messages.length,
    };
  });
  const erasureId = randomUUID();
  await auditAs(who, { action: "person.erase", entity: "person", entityId: erasureId, details: counts });
  return { erasureId, counts };
}

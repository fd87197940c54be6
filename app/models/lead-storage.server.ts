// The rows of lead capture (app/models/leads.server.ts): what a pending lead is, and the statements that store a
// batch of them inside its transaction: the contact requests, demo and dialog leads and newsletter subscribers, the
// round-robin's turns, and the outbox rows of their alert mails and webhooks. The transaction itself is the caller's
// (storeLeads, or restoreHeldSubmission in held-submissions.server.ts).
import { randomUUID } from "node:crypto";
import { inArray, type SQL, sql } from "drizzle-orm";
import { db, type Transaction as Tx } from "~/db/client.server";
import { contactRequests, formSubmissions, subscribers } from "~/db/schema";
import { isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { GroupCommit } from "~/infra/group-commit.server";
import type { ContactInput, LeadInput, NewsletterInput } from "~/infra/lead-schema.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { hitRateLimits, type RateLimitHit } from "~/infra/rate-limit.server";
import { type Attribution, leadSubject } from "~/lib/lead-schema";
import type { LeadForm, SpamReason } from "~/lib/lead-status";
import type { LeadNotificationSettings } from "~/lib/notification-settings";
import { roundRobinAssignees } from "~/models/lead-assignment.server";
import {
  getNotificationSettings,
  type LeadFacts,
  leadMailSettings,
  notificationEntries,
} from "~/models/lead-notifications.server";
import type { Member } from "~/models/member-directory.server";
import { readNewsletterSettings, requestConfirmations } from "~/models/newsletter-subscribers.server";
import { enqueue } from "~/models/outbox.server";
import { recordSubscriberEvents } from "~/models/subscriber-history.server";
import { listeningEndpoints, webhookEntriesFor } from "~/models/webhooks.server";

/** A form's kind and its validated input. */
export type LeadInputOf =
  | { kind: "contact"; input: ContactInput }
  | { kind: "lead"; input: LeadInput }
  | { kind: "newsletter"; input: NewsletterInput };

/** One submission that passed validation and the bot traps, on its way to the database. */
export type PendingLead = LeadInputOf & {
  attribution: Attribution;
  /** The per-client hit counted in the same transaction; null: not limited. */
  rate: RateLimitHit | null;
  /** Set when a bot trap caught it: held as suspected spam (within the caps), never stored as a lead. */
  hold?: HoldFacts;
  /** The newsletter send whose link brought this browser here (its conversion cookie): the lead counts for it. */
  newsletterId?: string | null;
};

/** Why and from where a submission is held as suspected spam. */
export interface HoldFacts {
  reason: SpamReason;
  /** The time the browser measured (time trap), in milliseconds. */
  elapsedMs: number | null;
  /** The client's rate-limit key (clientKey): the per-source cap counts under it; only a hash of it is stored. */
  source: string;
}

/**
 * What became of one pending lead: stored (a newsletter address already subscribed counts as stored), refused by
 * its client's rate limit, or refused because the administrator turned its form off.
 */
export type StoreResult =
  | { stored: true; held?: true }
  | { stored: false; reason: "spam-cap" }
  | { stored: false; reason: "rate-limited"; retryAfter: number }
  | { stored: false; reason: "form-off" };
export type { Transaction as Tx } from "~/db/client.server";

function facts(
  kind: LeadForm,
  id: string,
  email: string,
  attribution: Attribution,
  more: Partial<LeadFacts>,
) {
  return { kind, id, email, ...attribution, ...more } satisfies LeadFacts;
}

/** A stored lead's facts and the event its webhooks announce. */
export interface Stored {
  lead: LeadFacts;
  event: "lead.created" | "subscriber.created";
  data: Record<string, unknown>;
  /** The send the lead is a conversion of, if any. */
  newsletterId?: string | null;
}

/**
 * created_at of a row of a batch: the moment of its own insert rather than the transaction's start (now()), so
 * the leads of one batch keep the order they arrived in.
 */
export const insertMoment = () => sql`clock_timestamp()`;

/**
 * Inserts the rows of `batch` with one statement (`insert`), each stamped with the moment of its insert, and
 * returns the leads with their webhook data, which carries the row's created_at.
 */
async function stored<R extends { id: string }>(
  batch: { row: R; lead: LeadFacts; at?: Date; newsletterId?: string | null }[],
  insert: (rows: (R & { createdAt: SQL | Date })[]) => Promise<{ id: string; createdAt: Date }[]>,
): Promise<Stored[]> {
  const created = await insert(batch.map(({ row, at }) => ({ ...row, createdAt: at ?? insertMoment() })));
  const createdAt = new Map(created.map((row) => [row.id, row.createdAt.toISOString()]));
  return batch.map(({ lead, newsletterId }) => {
    // Who works the lead is the team's business, not the webhook receivers'.
    const { assigneeEmail: _, ...announced } = lead;
    const data = { ...announced, createdAt: createdAt.get(lead.id ?? "") };
    return { lead, event: "lead.created", data, newsletterId };
  });
}

/** Leads of one kind; `at` is the time a restored lead was first received (otherwise the moment of its insert). */
export type Batch<I> = {
  input: I;
  attribution: Attribution;
  at?: Date;
  assignee?: Member;
  newsletterId?: string | null;
}[];

/** Inserts the batch's contact requests in one statement and returns what their deliveries need. */
export async function insertContactRequests(tx: Tx, leads: Batch<ContactInput>): Promise<Stored[]> {
  if (!leads.length) return [];
  const batch = leads.map(({ input, attribution, at, assignee, newsletterId }) => {
    const row = {
      id: randomUUID(),
      assignedTo: assignee?.userId ?? null,
      name: input.name,
      email: input.email,
      organization: input.organization || null,
      interest: input.interest,
      message: input.message,
      ...attribution,
    };
    const lead = facts("contact", row.id, row.email, attribution, {
      name: row.name,
      organization: row.organization,
      topic: row.interest,
      message: row.message,
      assigneeEmail: assignee?.email ?? null,
    });
    return { row, lead, at, newsletterId };
  });
  return stored(batch, (rows) =>
    tx
      .insert(contactRequests)
      .values(rows)
      .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt }),
  );
}

/** The batch's demo and dialog leads. They subscribe nobody: only the newsletter form does (consent). */
export async function insertLeadSubmissions(tx: Tx, leads: Batch<LeadInput>): Promise<Stored[]> {
  if (!leads.length) return [];
  const batch = leads.map(({ input, attribution, at, assignee, newsletterId }) => {
    const row = {
      id: randomUUID(),
      assignedTo: assignee?.userId ?? null,
      email: input.email,
      name: input.name || null,
      purpose: input.purpose || null,
      message: input.message || null,
      subject: leadSubject(attribution.sourceSection),
      ...attribution,
    };
    const lead = facts("lead", row.id, row.email, attribution, {
      name: row.name,
      topic: row.purpose ?? row.subject,
      message: row.message,
      assigneeEmail: assignee?.email ?? null,
    });
    return { row, lead, at, newsletterId };
  });
  return stored(batch, (rows) =>
    tx
      .insert(formSubmissions)
      .values(rows)
      .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt }),
  );
}

/**
 * One subscriber per address (lower-cased); the first attribution is kept, and only a new one is announced. The
 * rows go in sorted by address, so two instances inserting the same addresses wait for each other in one order
 * (no deadlock); an address twice in one batch is inserted once. With mail on and double opt-in (the default), a
 * new address is pending until it follows the link mailed to it, as is one that had unsubscribed
 * (`requestConfirmations`, sealed with `key`, read before the transaction by `confirmationKey`); `queued` counts
 * those mails.
 */
export async function insertSubscribers(
  tx: Tx,
  leads: Batch<NewsletterInput>,
  key: Buffer | null,
): Promise<{ stored: Stored[]; queued: number }> {
  if (!leads.length) return { stored: [], queued: 0 };
  const doubleOptIn = mailConfigured() && (await readNewsletterSettings(tx)).newsletterDoubleOptIn;
  const rows = leads
    .map(({ input, attribution, at, newsletterId }) => ({
      id: randomUUID(),
      email: input.email.toLowerCase(),
      attribution,
      at,
      newsletterId,
    }))
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  const created = await tx
    .insert(subscribers)
    .values(
      rows.map(({ id, email, attribution, at }) => ({
        id,
        email,
        purpose: "newsletter",
        subscription: doubleOptIn ? ("pending" as const) : ("confirmed" as const),
        ...attribution,
        createdAt: at ?? insertMoment(),
      })),
    )
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id, createdAt: subscribers.createdAt });
  await recordSubscriberEvents(
    tx,
    created.map((row) => row.id),
    "signed_up",
  );
  const createdAt = new Map(created.map((row) => [row.id, row.createdAt]));
  const existing = rows.filter((r) => !createdAt.has(r.id));
  const known = existing.length
    ? await tx
        .select({ id: subscribers.id, email: subscribers.email })
        .from(subscribers)
        .where(
          inArray(
            subscribers.email,
            existing.map((r) => r.email),
          ),
        )
    : [];
  const queued = await requestConfirmations(
    tx,
    [
      ...rows.filter((r) => createdAt.has(r.id)).map(({ id, email }) => ({ id, email, isNew: true })),
      ...known.map(({ id, email }) => ({ id, email, isNew: false })),
    ],
    doubleOptIn,
    key,
  );
  const stored = rows.flatMap(({ id, email, attribution, newsletterId }): Stored[] => {
    const at = createdAt.get(id);
    if (!at) return [];
    const lead = facts("newsletter", id, email, attribution, {});
    const data = { id, email, ...attribution, createdAt: at.toISOString() };
    return [{ lead, event: "subscriber.created", data, newsletterId }];
  });
  return { stored, queued };
}

/**
 * The outbox rows of the stored leads: alert mails (with SMTP_URL) and one per listening webhook endpoint.
 * `settings`: the notification settings when the caller has read them already (null: no mail).
 */
export async function queueDeliveries(
  tx: Tx,
  stored: Stored[],
  settings?: LeadNotificationSettings | null,
): Promise<number> {
  if (!stored.length) return 0;
  const mail = await notificationEntries(
    tx,
    settings === undefined ? await leadMailSettings(tx) : settings,
    stored.map((s) => s.lead),
  );
  const listening = await listeningEndpoints(tx, [...new Set(stored.map((s) => s.event))]);
  const entries = stored.flatMap(({ lead, event, data }, i) => [
    ...(mail[i] ?? []),
    ...webhookEntriesFor(listening.get(event) ?? [], event, data, lead.email.toLowerCase()),
  ]);
  await enqueue(tx, entries);
  return entries.length;
}

/**
 * The round-robin's assignee of each contact and demo lead among `leads`, in arrival order (ADR 032): taken in the
 * transaction that stores them, so a rolled-back batch gives its turns back.
 */
export async function takeTurns<T extends { kind: LeadForm }>(
  tx: Tx,
  settings: LeadNotificationSettings,
  leads: T[],
): Promise<Map<T, Member>> {
  const turning = leads.filter((lead) => lead.kind !== "newsletter");
  const assignees = await roundRobinAssignees(tx, settings, turning.length);
  return new Map(assignees.map((member, i) => [turning[i] as T, member]));
}

/** Settings the batch's leads are stored by (round-robin, alerts); none when nothing is stored. */
export async function storeSettings(tx: Tx, count: number): Promise<LeadNotificationSettings | null> {
  return count ? getNotificationSettings(tx) : null;
}

/** The largest batch: at 50 concurrent submissions batches stay well below it; it bounds one transaction's size. */
const MAX_BATCH = 100;

/**
 * The group commit of one kind of visitors' submissions (docs/decisions/022-group-commit-for-leads.md): `write`
 * stores a batch in one transaction; when the database is unreachable the whole batch fails at once, otherwise a
 * failed batch is written again item by item, so one bad submission fails alone. `noun` names them in the log.
 */
export function submissionWrites<I extends { rate: RateLimitHit | null }, R>(
  noun: { one: string; many: string },
  write: (batch: I[]) => Promise<R[]>,
): GroupCommit<I, R> {
  return new GroupCommit<I, R>({
    maxBatch: MAX_BATCH,
    isFatal: isDatabaseUnavailable,
    async write(batch) {
      try {
        return await write(batch);
      } catch (error) {
        // A submission that fails on its own still used up one attempt of its client's limit (as it would have
        // before the insert was tried), so a submission that always fails cannot make the server retry it without
        // end.
        if (batch.length === 1 && batch[0]?.rate && !isDatabaseUnavailable(error)) {
          await hitRateLimits(db(), [batch[0].rate]).catch(() => {});
        }
        if (batch.length > 1 && !isDatabaseUnavailable(error)) {
          // The database's reason only: the failed statement's parameters are the visitors' data (the one that
          // fails on its own is logged by its caller).
          const cause = ((error as { cause?: unknown }).cause ?? error) as {
            code?: string;
            message?: string;
          };
          logger.warn(
            { code: cause.code, reason: cause.message, [noun.many]: batch.length },
            `${noun.one} batch failed; writing its ${noun.many} one by one`,
          );
        }
        throw error;
      }
    },
  });
}

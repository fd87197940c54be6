// Lead capture: the contact page, the contact/demo dialog and the footer newsletter. Every public write goes
// through one path here: validate (zod schemas built from the rules the browser checks) → honeypot → per-IP
// rate limit → store with attribution (by group commit, the limit counted in the same transaction) and the lead's outbox rows → only then report success. Alerts and webhooks
// are delivered afterwards by the outbox worker (app/models/outbox.server.ts), never inside the visitor's request.
import { createHash, randomUUID } from "node:crypto";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import { contactRequests, formSubmissions, heldSubmissions, subscribers, websiteSettings } from "~/db/schema";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  loggableError,
} from "~/db/sql-helpers.server";
import { env } from "~/env.server";
import { parseForm } from "~/lib/forms";
import { GroupCommit } from "~/lib/group-commit.server";
import {
  ATTRIBUTION_COOKIE,
  type Attribution,
  ELAPSED_FIELD,
  formValues,
  HONEYPOT_FIELD,
  type LeadResponse,
  leadSubject,
  MESSAGES,
  UTM_KEYS,
} from "~/lib/lead-schema";
import {
  type ContactInput,
  contactSchema,
  type LeadInput,
  leadSchema,
  type NewsletterInput,
  newsletterSchema,
} from "~/lib/lead-schema.server";
import type { LeadForm, SpamReason } from "~/lib/lead-status";
import { logger } from "~/lib/logger.server";
import { mailConfigured } from "~/lib/mail.server";
import type { LeadNotificationSettings } from "~/lib/notification-settings";
import { hitRateLimits, type RateLimitHit, retryAfterText } from "~/lib/rate-limit.server";
import { clientKey } from "~/lib/request-context.server";
import { safeJson, safeText, safeTextOrNull } from "~/lib/safe-text";
import { mergeSettings, type SettingKey } from "~/lib/settings";
import { type AuditContext, recordAuditIn } from "~/models/audit.server";
import { roundRobinAssignees } from "~/models/lead-assignment.server";
import {
  getNotificationSettings,
  type LeadFacts,
  leadMailSettings,
  notificationEntries,
} from "~/models/lead-notifications.server";
import type { Member } from "~/models/member-directory.server";
import { readNewsletterSettings, requestConfirmations } from "~/models/newsletter-subscribers.server";
import { CONVERSION_COOKIE, recordConversions, sendOfConversion } from "~/models/newsletter-tracking.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";
import { recordSubscriberEvents } from "~/models/subscriber-history.server";
import { listeningEndpoints, webhookEntriesFor } from "~/models/webhooks.server";

/** Per client address and form: generous for a person, tight for a script. Scaled by RATE_LIMIT_FACTOR. */
export const LEAD_RATE_LIMITS: Record<LeadForm, { limit: number; windowSeconds: number }> = {
  contact: { limit: 5, windowSeconds: 600 },
  lead: { limit: 5, windowSeconds: 600 },
  newsletter: { limit: 5, windowSeconds: 600 },
};

/** A visitor's attribution value (from their cookie), safe to store and cut by code point; blank is null. */
const clip = (v: unknown, max = 500): string | null =>
  typeof v === "string" ? safeTextOrNull(v, max) : null;

/** A same-site path for "where the form was": absolute URLs of our own origin become paths, others are dropped. */
function sitePath(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return clip(url.pathname + url.search);
  } catch {
    return null;
  }
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

/**
 * Attribution of one submission: the first-visit cookie (landing page, referrer, utm_*) plus where the form is
 * (source page and section from the form, else the Referer header).
 */
export function readAttribution(
  request: Request,
  form: { source_page?: string; source_section?: string },
): Attribution {
  const origin = new URL(request.url).origin;
  let first: Record<string, unknown> = {};
  const raw = readCookie(request, ATTRIBUTION_COOKIE);
  if (raw) {
    try {
      const parsed = JSON.parse(decodeURIComponent(raw));
      if (parsed && typeof parsed === "object") first = parsed as Record<string, unknown>;
    } catch {
      // A damaged or forged cookie only loses attribution, never the lead.
    }
  }
  const [utmSource, utmMedium, utmCampaign, utmTerm, utmContent] = UTM_KEYS.map((k) => clip(first[k], 200));
  return {
    sourcePage: sitePath(form.source_page, origin) ?? sitePath(request.headers.get("referer"), origin),
    sourceSection: clip(form.source_section, 100),
    referrer: clip(first.referrer),
    landingPage: clip(first.landing_page),
    utmSource: utmSource ?? null,
    utmMedium: utmMedium ?? null,
    utmCampaign: utmCampaign ?? null,
    utmTerm: utmTerm ?? null,
    utmContent: utmContent ?? null,
  };
}

// --- storage ------------------------------------------------------------------------------------------------
// Leads are written by group commit (docs/decisions/022-group-commit-for-leads.md): the submissions that arrive
// while one batch is being written wait, and the next transaction takes them all. One transaction counts the
// batch's rate-limit hits, inserts the leads that are within their limits and their outbox rows (alert mails,
// webhooks), and only after its commit does each request get its answer and the worker its wake-up: a lead is
// never lost to a delivery problem, and no delivery exists for a lead that was not stored.

/** One submission that passed validation and the bot traps, on its way to the database. */
export type PendingLead = (
  | { kind: "contact"; input: ContactInput }
  | { kind: "lead"; input: LeadInput }
  | { kind: "newsletter"; input: NewsletterInput }
) & {
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
 * Caps on what suspected spam may cost: held rows per source (client address, IPv6 per /64) and in all per hour,
 * counted in rate_limits like every other limit (scaled by RATE_LIMIT_FACTOR; 0 turns them off). Beyond them a
 * trapped submission is dropped, counted in the log, and still answered like a success.
 */
export const HELD_CAPS = {
  perSource: { limit: 20, windowSeconds: 3600 },
  total: { limit: 500, windowSeconds: 3600 },
} as const;
const HELD_TOTAL_KEY = "held:*";

/**
 * What became of one pending lead: stored (a newsletter address already subscribed counts as stored), refused by
 * its client's rate limit, or refused because the administrator turned its form off.
 */
export type StoreResult =
  | { stored: true; held?: true }
  | { stored: false; reason: "spam-cap" }
  | { stored: false; reason: "rate-limited"; retryAfter: number }
  | { stored: false; reason: "form-off" };

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

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
interface Stored {
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
const insertMoment = () => sql`clock_timestamp()`;

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
type Batch<I> = {
  input: I;
  attribution: Attribution;
  at?: Date;
  assignee?: Member;
  newsletterId?: string | null;
}[];

/** Inserts the batch's contact requests in one statement and returns what their deliveries need. */
async function insertContactRequests(tx: Tx, leads: Batch<ContactInput>): Promise<Stored[]> {
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
async function insertLeadSubmissions(tx: Tx, leads: Batch<LeadInput>): Promise<Stored[]> {
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
 * (`requestConfirmations`); `queued` counts those mails.
 */
async function insertSubscribers(
  tx: Tx,
  leads: Batch<NewsletterInput>,
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
async function queueDeliveries(
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
async function takeTurns<T extends { kind: LeadForm }>(
  tx: Tx,
  settings: LeadNotificationSettings,
  leads: T[],
): Promise<Map<T, Member>> {
  const turning = leads.filter((lead) => lead.kind !== "newsletter");
  const assignees = await roundRobinAssignees(tx, settings, turning.length);
  return new Map(assignees.map((member, i) => [turning[i] as T, member]));
}

/** Settings the batch's leads are stored by (round-robin, alerts); none when nothing is stored. */
async function storeSettings(tx: Tx, count: number): Promise<LeadNotificationSettings | null> {
  return count ? getNotificationSettings(tx) : null;
}

/**
 * Writes a batch of pending leads in one transaction: their rate-limit hits (in arrival order), the leads within
 * their limits, and those leads' outbox rows. One result per lead, in order; throws (nothing written) when any
 * statement fails.
 */
export async function storeLeads(batch: PendingLead[]): Promise<StoreResult[]> {
  const { results, queued } = await db().transaction(async (tx) => {
    const open = await formsOpen(tx, batch);
    const results: (StoreResult | undefined)[] = batch.map((p) =>
      p.hold || open[p.kind] ? undefined : { stored: false, reason: "form-off" },
    );
    const held = await holdSuspectedSpam(tx, batch);
    for (const [i, result] of held) results[i] = result;
    const counted = batch.flatMap((p, i) => (!results[i] && p.rate ? [{ i, hit: p.rate }] : []));
    const verdicts = await hitRateLimits(
      tx,
      counted.map((c) => c.hit),
    );
    for (const [n, { i }] of counted.entries()) {
      const verdict = verdicts[n];
      if (verdict && !verdict.ok)
        results[i] = { stored: false, reason: "rate-limited", retryAfter: verdict.retryAfter };
    }
    const accepted = batch.filter((_, i) => !results[i]);
    const settings = await storeSettings(tx, accepted.length);
    const turns = settings ? await takeTurns(tx, settings, accepted) : new Map<PendingLead, Member>();
    const of = <K extends LeadForm>(kind: K) =>
      accepted
        .filter((p): p is Extract<PendingLead, { kind: K }> => p.kind === kind)
        .map((p) => ({ ...p, assignee: turns.get(p) }));
    const newsletter = await insertSubscribers(tx, of("newsletter"));
    const stored = [
      ...(await insertContactRequests(tx, of("contact"))),
      ...(await insertLeadSubmissions(tx, of("lead"))),
      ...newsletter.stored,
    ];
    await recordConversions(
      tx,
      stored.flatMap(({ lead, newsletterId }) => (newsletterId ? [{ newsletterId, kind: lead.kind }] : [])),
    );
    return {
      results: results.map((r): StoreResult => r ?? { stored: true }),
      queued: (await queueDeliveries(tx, stored, mailConfigured() ? settings : null)) + newsletter.queued,
    };
  });
  // Only leads with deliveries wake the worker: without mail or webhooks there is nothing for it to claim.
  if (queued) outboxWritten();
  return results;
}

// --- suspected spam ---------------------------------------------------------------------------------------
// A submission caught by the honeypot or the time trap is held, not dropped (docs/decisions/026-suspected-spam-is-
// held.md): a fast person must never be lost silently. It goes into held_submissions, which nothing that counts,
// alerts, announces or exports reads; "Not spam" (restoreHeldSubmission) stores it through the normal lead write.

/** A stable, non-reversible name of a client address for the held row (the address itself is not kept there). */
export function sourceHash(source: string): string {
  return createHash("sha256").update(`held-source:${source}`).digest("hex").slice(0, 32);
}

/** What is kept of a held submission: the validated input (without the honeypot) and its attribution. */
function heldPayload(pending: PendingLead): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _trap, ...input } = pending.input as Record<string, unknown>;
  return safeJson({ input, attribution: pending.attribution });
}

/**
 * Counts the batch's trapped submissions against the caps (per source first; only those within it count against
 * the total, so one flooding source cannot use up everyone's share) and inserts those within both as held rows.
 * Returns each trapped lead's result by its index in the batch.
 */
async function holdSuspectedSpam(tx: Tx, batch: PendingLead[]): Promise<Map<number, StoreResult>> {
  const trapped = batch.flatMap((p, i) => (p.hold ? [{ i, p, hold: p.hold }] : []));
  const results = new Map<number, StoreResult>();
  if (!trapped.length) return results;
  const perSource = await hitRateLimits(
    tx,
    trapped.map(({ hold }) => ({ key: `held:${hold.source}`, ...HELD_CAPS.perSource })),
  );
  const withinSource = trapped.filter((_, n) => perSource[n]?.ok);
  const total = await hitRateLimits(
    tx,
    withinSource.map(() => ({ key: HELD_TOTAL_KEY, ...HELD_CAPS.total })),
  );
  const kept = withinSource.filter((_, n) => total[n]?.ok);
  if (kept.length) {
    await tx.insert(heldSubmissions).values(
      kept.map(({ p, hold }) => ({
        kind: p.kind,
        email: safeText(p.input.email.toLowerCase()),
        payload: heldPayload(p),
        reason: hold.reason,
        elapsedMs: hold.elapsedMs,
        sourceHash: sourceHash(hold.source),
        createdAt: insertMoment(),
      })),
    );
  }
  const keptAt = new Set(kept.map(({ i }) => i));
  for (const { i } of trapped) results.set(i, keptAt.has(i) ? { stored: true, held: true } : spamDropped());
  return results;
}

/** Trapped submissions dropped over the caps: the total since start, logged at most once a minute. */
const dropped = { total: 0, sinceLog: 0, loggedAt: 0 };
const DROP_LOG_INTERVAL_MS = 60_000;

function spamDropped(): StoreResult {
  dropped.total++;
  dropped.sinceLog++;
  const now = Date.now();
  if (now - dropped.loggedAt >= DROP_LOG_INTERVAL_MS) {
    logger.warn(
      { dropped: dropped.sinceLog, droppedTotal: dropped.total },
      "suspected spam over the hold caps; dropped",
    );
    dropped.loggedAt = now;
    dropped.sinceLog = 0;
  }
  return { stored: false, reason: "spam-cap" };
}

/** Trapped submissions dropped over the caps since the process started. */
export function droppedSpamCount(): number {
  return dropped.total;
}

/** A held row read back as the pending lead it would have been, validated again as a public submission is. */
function pendingFromHeld(row: typeof heldSubmissions.$inferSelect): Batch<unknown>[number] | null {
  const payload = row.payload as { input?: unknown; attribution?: unknown };
  const input = payload.input && typeof payload.input === "object" ? payload.input : {};
  const strings = Object.fromEntries(
    Object.entries(input).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = parseForm<ContactInput | LeadInput | NewsletterInput>(KIND_SCHEMA[row.kind], strings);
  if (!parsed.ok) return null;
  const raw = (payload.attribution ?? {}) as Record<string, unknown>;
  const text = (key: keyof Attribution) => (typeof raw[key] === "string" ? (raw[key] as string) : null);
  const attribution: Attribution = {
    sourcePage: text("sourcePage"),
    sourceSection: text("sourceSection"),
    referrer: text("referrer"),
    landingPage: text("landingPage"),
    utmSource: text("utmSource"),
    utmMedium: text("utmMedium"),
    utmCampaign: text("utmCampaign"),
    utmTerm: text("utmTerm"),
    utmContent: text("utmContent"),
  };
  return { input: parsed.data, attribution, at: row.createdAt };
}

export type RestoreResult = "restored" | "gone" | "invalid";

/**
 * "Not spam": stores a held submission as the lead it was (its kind's validation, attribution, first received
 * time), queues its alert mails and webhooks, and deletes the held row, all in one transaction. The row is locked
 * first, so two admins restoring it at once store it (and alert) once; the second gets "gone". Not counted against
 * the visitor's rate limit, and stored even if its form has been switched off since: the administrator decides.
 */
export async function restoreHeldSubmission(id: string, who: AuditContext): Promise<RestoreResult> {
  const { result, queued } = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(heldSubmissions).where(eq(heldSubmissions.id, id)).for("update");
    if (!row) return { result: "gone" as const, queued: 0 };
    const pending = pendingFromHeld(row);
    if (!pending) return { result: "invalid" as const, queued: 0 };
    const settings = await storeSettings(tx, 1);
    const turns = settings ? await takeTurns(tx, settings, [{ kind: row.kind }]) : new Map();
    const lead = [{ ...pending, assignee: [...turns.values()][0] }];
    const { stored, queued } =
      row.kind === "contact"
        ? { stored: await insertContactRequests(tx, lead as Batch<ContactInput>), queued: 0 }
        : row.kind === "lead"
          ? { stored: await insertLeadSubmissions(tx, lead as Batch<LeadInput>), queued: 0 }
          : await insertSubscribers(tx, lead as Batch<NewsletterInput>);
    await tx.delete(heldSubmissions).where(eq(heldSubmissions.id, id));
    await recordAuditIn(tx, {
      ...who,
      action: "spam.restore",
      entity: "held_submission",
      entityId: id,
      details: { kind: row.kind, reason: row.reason, leadId: stored[0]?.lead.id ?? null },
    });
    return {
      result: "restored" as const,
      queued: (await queueDeliveries(tx, stored, mailConfigured() ? settings : null)) + queued,
    };
  });
  if (queued) outboxWritten();
  return result;
}

/**
 * Which forms the administrator has open (Settings: contact form, newsletter), read in the batch's transaction:
 * one small query per batch instead of all settings per request. The dialog's leads have no switch.
 */
async function formsOpen(tx: Tx, batch: PendingLead[]): Promise<Record<LeadForm, boolean>> {
  const switched = batch.some((p) => p.kind !== "lead");
  const rows = switched
    ? await tx
        .select({ settingKey: websiteSettings.settingKey, settingValue: websiteSettings.settingValue })
        .from(websiteSettings)
        .where(
          inArray(websiteSettings.settingKey, [
            "contactFormEnabled",
            "newsletterEnabled",
          ] satisfies SettingKey[]),
        )
    : [];
  const settings = mergeSettings(rows);
  return { contact: settings.contactFormEnabled, lead: true, newsletter: settings.newsletterEnabled };
}

/** The largest batch: at 50 concurrent submissions batches stay well below it; it bounds one transaction's size. */
const MAX_LEAD_BATCH = 100;

const leadWrites = new GroupCommit<PendingLead, StoreResult>({
  maxBatch: MAX_LEAD_BATCH,
  isFatal: isDatabaseUnavailable,
  async write(batch) {
    try {
      return await storeLeads(batch);
    } catch (error) {
      // A lead that fails on its own still used up one attempt of its client's limit (as it would have before
      // the insert was tried), so a submission that always fails cannot make the server retry it without end.
      if (batch.length === 1 && batch[0]?.rate && !isDatabaseUnavailable(error)) {
        await hitRateLimits(db(), [batch[0].rate]).catch(() => {});
      }
      if (batch.length > 1 && !isDatabaseUnavailable(error)) {
        // The database's reason only: the failed statement's parameters are the visitors' data (the lead that
        // fails on its own is logged by submitLead).
        const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
        logger.warn(
          { code: cause.code, reason: cause.message, leads: batch.length },
          "lead batch failed; writing its leads one by one",
        );
      }
      throw error;
    }
  },
});

/** Stores one lead through the group commit; resolves after the transaction holding it has committed. */
export function storeLead(pending: PendingLead): Promise<StoreResult> {
  return leadWrites.submit(pending);
}

/** Waits until every queued lead is committed (shutdown, before the database closes). */
export function drainLeadWrites(): Promise<void> {
  return leadWrites.drain();
}

/** Transactions the lead writes took so far (batches and single retries). */
export function leadWriteTransactions(): number {
  return leadWrites.batches;
}

export async function countLeads() {
  const rows = await db().execute<{ contacts: number; submissions: number; subscribers: number }>(sql`
    select (select count(*) from ${contactRequests})::int as contacts,
           (select count(*) from ${formSubmissions})::int as submissions,
           (select count(*) from ${subscribers})::int as subscribers`);
  const [row] = rowsOf<{ contacts: number; submissions: number; subscribers: number }>(rows);
  return {
    contacts: Number(row?.contacts),
    submissions: Number(row?.submissions),
    subscribers: Number(row?.subscribers),
  };
}

// --- the one path every public write takes -------------------------------------------------------------------

export interface LeadOutcome {
  status: 200 | 400 | 404 | 429 | 500 | 503;
  body: LeadResponse;
  headers?: Record<string, string>;
}

const KIND_SCHEMA = { contact: contactSchema, lead: leadSchema, newsletter: newsletterSchema } as const;

function failureToast(kind: LeadForm, message?: string): NonNullable<LeadResponse["toast"]> {
  if (kind === "contact") return { type: "error", message: message ?? MESSAGES.contactFailure };
  if (kind === "lead")
    return { type: "error", title: MESSAGES.dialogFailureTitle, message: message ?? MESSAGES.dialogFailure };
  return { type: "error", message: message ?? "Subscription failed. Please try again." };
}

function successToast(kind: LeadForm): NonNullable<LeadResponse["toast"]> {
  if (kind === "contact") return { type: "success", message: MESSAGES.contactSuccess };
  if (kind === "lead")
    return { type: "success", title: MESSAGES.dialogSuccessTitle, message: MESSAGES.dialogSuccess };
  return { type: "success", message: MESSAGES.newsletterSuccess };
}

/** True when the browser measured less than LEAD_MIN_FILL_MS (2 s) between the form becoming usable and submit. */
function tooFast(elapsed: FormDataEntryValue | null): boolean {
  if (typeof elapsed !== "string" || elapsed === "") return false;
  const ms = Number(elapsed);
  return Number.isFinite(ms) && ms < env().leadMinFillMs;
}

/** Which bot trap a submission fell into, if any. */
function trapped(form: FormData): Omit<HoldFacts, "source"> | null {
  if ((form.get(HONEYPOT_FIELD) ?? "") !== "") return { reason: "honeypot", elapsedMs: null };
  const elapsed = form.get(ELAPSED_FIELD);
  if (tooFast(elapsed)) return { reason: "too-fast", elapsedMs: Math.max(0, Math.round(Number(elapsed))) };
  return null;
}

/**
 * Holds a trapped submission and answers exactly as a stored lead is answered, whatever happens: held, dropped
 * over the caps, or failed to write (logged), the visitor sees the same success.
 */
async function holdSubmission(
  kind: LeadForm,
  request: Request,
  input: ContactInput | LeadInput | NewsletterInput,
  hold: HoldFacts,
): Promise<LeadOutcome> {
  try {
    const attribution = readAttribution(request, input);
    const result = await storeLead({ kind, input, attribution, rate: null, hold } as PendingLead);
    if (result.stored) logger.info({ kind, reason: hold.reason }, "lead held as suspected spam");
  } catch (error) {
    logger.error({ err: error, kind }, "failed to hold suspected spam");
  }
  return { status: 200, body: { ok: true, toast: successToast(kind) } };
}

/** The 429 wording, shared by every form. */
export function rateLimitMessage(retryAfter: number) {
  return `Too many submissions from your address. Please wait ${retryAfterText(retryAfter)} and try again.`;
}

/**
 * Validates, protects and stores one public submission. Never throws: every failure becomes an answer the form
 * can show, with the visitor's input kept.
 */
export async function submitLead(
  kind: LeadForm,
  request: Request,
  form: FormData,
  ip: string,
): Promise<LeadOutcome> {
  const values = formValues(form);
  delete values[HONEYPOT_FIELD];
  delete values[ELAPSED_FIELD];
  const parsed = parseForm<ContactInput | LeadInput | NewsletterInput>(KIND_SCHEMA[kind], formValues(form));
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0];
    return {
      status: 400,
      body: { ok: false, errors: parsed.fieldErrors, values, toast: failureToast(kind, first) },
    };
  }
  // Bots fill the hidden field, or submit faster than a person can: answer like a success so they learn nothing,
  // and hold the submission as suspected spam (within the caps) for the administrator to judge. No elapsed time
  // (no JavaScript) is not held against anyone.
  const trap = trapped(form);
  if (trap) return holdSubmission(kind, request, parsed.data, { ...trap, source: clientKey(ip) });
  try {
    const { limit, windowSeconds } = LEAD_RATE_LIMITS[kind];
    const attribution = readAttribution(request, parsed.data);
    const rate = { key: `lead:${kind}:${clientKey(ip)}`, limit, windowSeconds };
    const newsletterId = await sendOfConversion(readCookie(request, CONVERSION_COOKIE));
    const result = await storeLead({
      kind,
      input: parsed.data,
      attribution,
      rate,
      newsletterId,
    } as PendingLead);
    if (!result.stored && result.reason !== "rate-limited") {
      // The administrator turned this form off (Settings): the routes answer 404, as for a page that is gone.
      // (Only held submissions meet the spam caps, and they never come this way.)
      return { status: 404, body: { ok: false, values, toast: failureToast(kind) } };
    }
    if (!result.stored) {
      const message = rateLimitMessage(result.retryAfter);
      return {
        status: 429,
        body: { ok: false, values, errors: { form: message }, toast: failureToast(kind, message) },
        headers: { "Retry-After": String(result.retryAfter) },
      };
    }
    logger.info(
      { kind, sourcePage: attribution.sourcePage, section: attribution.sourceSection },
      "lead stored",
    );
    return { status: 200, body: { ok: true, toast: successToast(kind) } };
  } catch (error) {
    // The database's code only: the failed statement's parameters are the visitor's data.
    logger.error({ ...loggableError(error), kind }, "failed to store lead");
    if (isDatabaseUnavailable(error)) {
      // Nothing was stored (the batch's transaction rolled back): say so, keep what the visitor typed, and invite a retry.
      return {
        status: 503,
        body: {
          ok: false,
          values,
          errors: { form: DATABASE_UNAVAILABLE_MESSAGE },
          toast: failureToast(kind, DATABASE_UNAVAILABLE_MESSAGE),
        },
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    return { status: 500, body: { ok: false, values, toast: failureToast(kind) } };
  }
}

// Lead capture: the contact page, the contact/demo dialog and the footer newsletter. Every public write goes
// through one path here: validate (zod schemas built from the rules the browser checks) → honeypot → per-IP
// rate limit → store with attribution (by group commit, the limit counted in the same transaction) and the lead's outbox rows → only then report success. Alerts and webhooks
// are delivered afterwards by the outbox worker (app/models/outbox.server.ts), never inside the visitor's request.
import { randomUUID } from "node:crypto";
import { inArray, type SQL, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import { contactRequests, formSubmissions, subscribers, websiteSettings } from "~/db/schema";
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
import { logger } from "~/lib/logger.server";
import { hitRateLimits, type RateLimitHit, retryAfterText } from "~/lib/rate-limit.server";
import { clientKey } from "~/lib/request-context.server";
import { safeTextOrNull } from "~/lib/safe-text";
import { mergeSettings, type SettingKey } from "~/lib/settings";
import { type LeadFacts, leadMailSettings, notificationEntries } from "~/models/lead-notifications.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";
import { listeningEndpoints, webhookEntriesFor } from "~/models/webhooks.server";

export type { LeadKind } from "~/models/lead-notifications.server";

import type { LeadKind } from "~/models/lead-notifications.server";

/** Per client address and form: generous for a person, tight for a script. Scaled by RATE_LIMIT_FACTOR. */
export const LEAD_RATE_LIMITS: Record<LeadKind, { limit: number; windowSeconds: number }> = {
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
};

/**
 * What became of one pending lead: stored (a newsletter address already subscribed counts as stored), refused by
 * its client's rate limit, or refused because the administrator turned its form off.
 */
export type StoreResult =
  | { stored: true }
  | { stored: false; reason: "rate-limited"; retryAfter: number }
  | { stored: false; reason: "form-off" };

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

function facts(
  kind: LeadKind,
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
  batch: { row: R; lead: LeadFacts }[],
  insert: (rows: (R & { createdAt: SQL })[]) => Promise<{ id: string; createdAt: Date }[]>,
): Promise<Stored[]> {
  const created = await insert(batch.map(({ row }) => ({ ...row, createdAt: insertMoment() })));
  const createdAt = new Map(created.map((row) => [row.id, row.createdAt.toISOString()]));
  return batch.map(({ lead }) => ({
    lead,
    event: "lead.created",
    data: { ...lead, createdAt: createdAt.get(lead.id ?? "") },
  }));
}

type Batch<I> = { input: I; attribution: Attribution }[];

/** Inserts the batch's contact requests in one statement and returns what their deliveries need. */
async function insertContactRequests(tx: Tx, leads: Batch<ContactInput>): Promise<Stored[]> {
  if (!leads.length) return [];
  const batch = leads.map(({ input, attribution }) => {
    const row = {
      id: randomUUID(),
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
    });
    return { row, lead };
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
  const batch = leads.map(({ input, attribution }) => {
    const row = {
      id: randomUUID(),
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
    });
    return { row, lead };
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
 * (no deadlock); an address twice in one batch is inserted once.
 */
async function insertSubscribers(tx: Tx, leads: Batch<NewsletterInput>): Promise<Stored[]> {
  if (!leads.length) return [];
  const rows = leads
    .map(({ input, attribution }) => ({ id: randomUUID(), email: input.email.toLowerCase(), attribution }))
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  const created = await tx
    .insert(subscribers)
    .values(
      rows.map(({ id, email, attribution }) => ({
        id,
        email,
        purpose: "newsletter",
        ...attribution,
        createdAt: insertMoment(),
      })),
    )
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id, createdAt: subscribers.createdAt });
  const createdAt = new Map(created.map((row) => [row.id, row.createdAt]));
  return rows.flatMap(({ id, email, attribution }): Stored[] => {
    const at = createdAt.get(id);
    if (!at) return [];
    const lead = facts("newsletter", id, email, attribution, {});
    return [
      { lead, event: "subscriber.created", data: { id, email, ...attribution, createdAt: at.toISOString() } },
    ];
  });
}

/** The outbox rows of the stored leads: alert mails (with SMTP_URL) and one per listening webhook endpoint. */
async function queueDeliveries(tx: Tx, stored: Stored[]): Promise<number> {
  if (!stored.length) return 0;
  const mail = await leadMailSettings(tx);
  const listening = await listeningEndpoints(tx, [...new Set(stored.map((s) => s.event))]);
  const entries = stored.flatMap(({ lead, event, data }) => [
    ...notificationEntries(mail, lead),
    ...webhookEntriesFor(listening.get(event) ?? [], event, data, lead.email.toLowerCase()),
  ]);
  await enqueue(tx, entries);
  return entries.length;
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
      open[p.kind] ? undefined : { stored: false, reason: "form-off" },
    );
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
    const of = <K extends LeadKind>(kind: K) =>
      accepted.filter((p): p is Extract<PendingLead, { kind: K }> => p.kind === kind);
    const stored = [
      ...(await insertContactRequests(tx, of("contact"))),
      ...(await insertLeadSubmissions(tx, of("lead"))),
      ...(await insertSubscribers(tx, of("newsletter"))),
    ];
    return {
      results: results.map((r): StoreResult => r ?? { stored: true }),
      queued: await queueDeliveries(tx, stored),
    };
  });
  // Only leads with deliveries wake the worker: without mail or webhooks there is nothing for it to claim.
  if (queued) outboxWritten();
  return results;
}

/**
 * Which forms the administrator has open (Settings: contact form, newsletter), read in the batch's transaction:
 * one small query per batch instead of all settings per request. The dialog's leads have no switch.
 */
async function formsOpen(tx: Tx, batch: PendingLead[]): Promise<Record<LeadKind, boolean>> {
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
    select (select count(*) from atlas_contact_requests)::int as contacts,
           (select count(*) from form_submissions)::int as submissions,
           (select count(*) from subscribers)::int as subscribers`);
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

function failureToast(kind: LeadKind, message?: string): NonNullable<LeadResponse["toast"]> {
  if (kind === "contact") return { type: "error", message: message ?? MESSAGES.contactFailure };
  if (kind === "lead")
    return { type: "error", title: MESSAGES.dialogFailureTitle, message: message ?? MESSAGES.dialogFailure };
  return { type: "error", message: message ?? "Subscription failed. Please try again." };
}

function successToast(kind: LeadKind): NonNullable<LeadResponse["toast"]> {
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

/** The 429 wording, shared by every form. */
export function rateLimitMessage(retryAfter: number) {
  return `Too many submissions from your address. Please wait ${retryAfterText(retryAfter)} and try again.`;
}

/**
 * Validates, protects and stores one public submission. Never throws: every failure becomes an answer the form
 * can show, with the visitor's input kept.
 */
export async function submitLead(
  kind: LeadKind,
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
  // and store nothing. No elapsed time (no JavaScript) is not held against anyone.
  if ((form.get(HONEYPOT_FIELD) ?? "") !== "" || tooFast(form.get(ELAPSED_FIELD))) {
    logger.warn({ kind, ip }, "lead honeypot filled or sent too fast; dropped");
    return { status: 200, body: { ok: true, toast: successToast(kind) } };
  }
  try {
    const { limit, windowSeconds } = LEAD_RATE_LIMITS[kind];
    const attribution = readAttribution(request, parsed.data);
    const rate = { key: `lead:${kind}:${clientKey(ip)}`, limit, windowSeconds };
    const result = await storeLead({ kind, input: parsed.data, attribution, rate } as PendingLead);
    if (!result.stored && result.reason === "form-off") {
      // The administrator turned this form off (Settings): the routes answer 404, as for a page that is gone.
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

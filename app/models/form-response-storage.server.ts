// The rows of a built form's submissions, written by group commit as the site's own leads are (docs/decisions/
// 022-group-commit-for-leads.md): what a request checked (captureFormResponse in form-responses.server.ts) waits
// while one batch is written, and the next transaction takes everything that arrived meanwhile. One transaction
// reads the batch's forms as they are now (a form deleted, turned back into a draft or closed since the request
// read it refuses), counts the batch's rate-limit hits, lets in at most the places a limited form has left under
// its row's lock, takes the round-robin's turns, inserts every row with one statement, queues what the stored ones
// set off (mails, newsletter subscriptions, webhooks) and tells open inboxes once; each request is answered after
// the commit.
import { randomUUID } from "node:crypto";
import { and, count, inArray, isNull } from "drizzle-orm";
import { db, type Transaction as Tx } from "~/db/client.server";
import { formResponses, forms } from "~/db/schema";
import { contentChangedIn } from "~/infra/content-version.server";
import { hitRateLimits, type RateLimitHit } from "~/infra/rate-limit.server";
import { takesSubmissions } from "~/lib/form-builder/availability";
import type { FileAnswer } from "~/lib/form-builder/files";
import type { SubmittedValues } from "~/lib/form-builder/submission";
import type { Attribution } from "~/lib/lead-schema";
import type { SpamReason } from "~/lib/lead-status";
import { ownersOfTurns, type RoutedSubmission, routedMails } from "~/models/form-routing.server";
import type { FormRow } from "~/models/forms.server";
import {
  insertMoment,
  insertSubscribers,
  queueDeliveries,
  submissionWrites,
} from "~/models/lead-storage.server";
import { confirmationKey } from "~/models/newsletter-subscribers.server";
import { enqueue, type OutboxEntry, outboxWritten } from "~/models/outbox.server";
import { leadsChanged } from "~/models/realtime-events.server";
import { listeningEndpoints, webhookEntriesFor } from "~/models/webhooks.server";

/** A submission that passed every check of its request, on its way to the database. */
export interface PendingFormResponse {
  formId: string;
  /** When the request came: the form's dates are judged at that moment. */
  at: Date;
  /** The person it is from (the first e-mail answer, lower-cased, and a name answer). */
  email: string;
  name: string | null;
  values: SubmittedValues;
  consents: { field: string; text: string; link?: string }[];
  /** Its files, already in the private store. */
  files: Record<string, FileAnswer>;
  attribution: Attribution;
  /** The hit it counts: per address (or the content API key), or the held submissions' own limit per address. */
  rate: RateLimitHit;
  /** Set when it is held as suspected spam: kept, never counted, routed or announced. */
  hold: { reason: SpamReason; elapsedMs: number | null } | null;
  /** A ticked consent asks the sender to subscribe to the newsletter. */
  subscribes: boolean;
}

/** What became of one pending submission. */
export type FormStoreResult =
  | { stored: true; held: boolean }
  /** Held, but its address is past the held submissions' limit: not kept (answered like a success all the same). */
  | { stored: false; reason: "dropped" }
  | { stored: false; reason: "rate-limited"; retryAfter: number }
  | { stored: false; reason: "closed"; message: string }
  | { stored: false; reason: "not-found" };

/** A stored submission with its form and owner: what it sets off. */
export type SettingOff = { form: FormRow; submission: RoutedSubmission & { createdAt: Date } };

/**
 * What stored submissions set off, in their transaction: their alert mails and confirmations as each form routes
 * them, the newsletter subscriptions their consents ask for (with the sign-ups' `subscriber.created` webhooks),
 * and their `form.submitted` webhooks, all in one outbox insert. Returns how many outbox rows were queued; the
 * caller announces them to open inboxes.
 */
export async function setOff(tx: Tx, stored: SettingOff[], key: Buffer | null): Promise<number> {
  if (!stored.length) return 0;
  const byForm = new Map<string, SettingOff[]>();
  for (const entry of stored) byForm.set(entry.form.id, [...(byForm.get(entry.form.id) ?? []), entry]);
  const mails: OutboxEntry[] = [];
  for (const entries of byForm.values()) {
    const form = (entries[0] as SettingOff).form;
    mails.push(
      ...(await routedMails(
        tx,
        form,
        entries.map((e) => e.submission),
      )),
    );
  }
  // A ticked newsletter consent asks the sender to subscribe, as the sign-up form does (double opt-in).
  // A new subscriber is announced to webhooks as a sign-up's is (its alert is the form's own, above).
  const subscribing = stored.filter(
    ({ form, submission }) => submission.email && subscribes(form.definition, submission.values),
  );
  const newsletter = await insertSubscribers(
    tx,
    subscribing.map(({ submission }) => ({
      input: { email: submission.email, source_page: "", source_section: "" },
      attribution: submission.attribution,
    })),
    key,
  );
  const listening = (await listeningEndpoints(tx, ["form.submitted"])).get("form.submitted") ?? [];
  const webhooks = stored.flatMap(({ form, submission }) =>
    webhookEntriesFor(listening, "form.submitted", {
      id: submission.id,
      formId: form.id,
      formName: form.name,
      values: submission.values,
      submittedAt: submission.createdAt.toISOString(),
    }),
  );
  await enqueue(tx, [...mails, ...webhooks]);
  return (
    mails.length + webhooks.length + newsletter.queued + (await queueDeliveries(tx, newsletter.stored, null))
  );
}

/** Whether the sender ticked a consent that asks for the newsletter. */
export const subscribes = (definition: FormRow["definition"], values: SubmittedValues) =>
  definition.fields.some((f) => f.type === "consent" && f.newsletter && values[f.name] === "yes");

/**
 * The places each limited form of `limited` has left, counted under the forms' row locks (taken in id order, so
 * two instances' batches wait for each other instead of deadlocking): two last submissions cannot both get in.
 */
async function placesLeft(tx: Tx, limited: FormRow[]): Promise<Map<string, number>> {
  if (!limited.length) return new Map();
  const ids = limited.map((form) => form.id).sort();
  // The limit as the locked row has it (a save since the batch read the form included).
  const locked = await tx
    .select({ id: forms.id, maxSubmissions: forms.maxSubmissions })
    .from(forms)
    .where(inArray(forms.id, ids))
    .orderBy(forms.id)
    .for("update");
  // Counted after the locks, in a statement of its own: it sees every submission committed before them.
  const counts = await tx
    .select({ formId: formResponses.formId, n: count() })
    .from(formResponses)
    .where(and(inArray(formResponses.formId, ids), isNull(formResponses.heldReason)))
    .groupBy(formResponses.formId);
  const taken = new Map(counts.map((row) => [row.formId, row.n]));
  return new Map(
    locked.map((form) => [
      form.id,
      form.maxSubmissions === null
        ? Number.POSITIVE_INFINITY
        : form.maxSubmissions - (taken.get(form.id) ?? 0),
    ]),
  );
}

/**
 * Writes a batch of pending submissions in one transaction. One result per submission, in order; throws (nothing
 * written) when any statement fails.
 */
export async function storeFormResponses(batch: PendingFormResponse[]): Promise<FormStoreResult[]> {
  const key = batch.some((p) => !p.hold && p.subscribes) ? await confirmationKey() : null;
  const written = await db().transaction(async (tx) => {
    const ids = [...new Set(batch.map((p) => p.formId))];
    const formOf = new Map(
      (await tx.select().from(forms).where(inArray(forms.id, ids))).map((form) => [form.id, form]),
    );
    const results: (FormStoreResult | undefined)[] = batch.map((p) => {
      const form = formOf.get(p.formId);
      if (!form || form.status === "draft") return { stored: false, reason: "not-found" };
      // The dates and the status as they are now, at the moment the request came; the limit is counted below.
      if (!takesSubmissions({ ...form, maxSubmissions: null }, 0, p.at))
        return { stored: false, reason: "closed", message: form.closedMessage };
      return undefined;
    });
    const counted = batch.flatMap((_, i) => (results[i] ? [] : [i]));
    const verdicts = await hitRateLimits(
      tx,
      counted.map((i) => (batch[i] as PendingFormResponse).rate),
    );
    for (const [n, i] of counted.entries()) {
      const verdict = verdicts[n];
      if (verdict && !verdict.ok)
        results[i] = batch[i]?.hold
          ? { stored: false, reason: "dropped" }
          : { stored: false, reason: "rate-limited", retryAfter: verdict.retryAfter };
    }
    // Held ones never count toward a limit; the rest get the places left, in the order they came.
    const counting = batch.flatMap((p, i) => (results[i] || p.hold ? [] : [i]));
    const limited = [...new Set(counting.map((i) => formOf.get(batch[i]?.formId ?? "") as FormRow))].filter(
      (form) => form.maxSubmissions !== null,
    );
    const places = await placesLeft(tx, limited);
    let filled = false;
    for (const i of counting) {
      const form = formOf.get(batch[i]?.formId ?? "") as FormRow;
      const left = places.get(form.id);
      if (left === undefined) continue;
      if (left <= 0) results[i] = { stored: false, reason: "closed", message: form.closedMessage };
      else {
        places.set(form.id, left - 1);
        // The submission that fills the form closes it on every page that shows it.
        if (left === 1) filled = true;
      }
    }
    const storing = batch.flatMap((p, i) => (results[i] ? [] : [{ p, i }]));
    if (!storing.length) return { results, queued: 0, learn: undefined };

    const owners = new Map<number, RoutedSubmission["owner"]>();
    for (const form of formOf.values()) {
      const turning = storing.filter(({ p }) => !p.hold && p.formId === form.id);
      const turns = turning.length ? await ownersOfTurns(tx, form, turning.length) : [];
      for (const [n, { i }] of turning.entries()) owners.set(i, turns[n] ?? null);
    }
    const rows = storing.map(({ p, i }) => ({
      id: randomUUID(),
      formId: p.formId,
      email: p.email,
      name: p.name,
      values: p.values,
      consents: p.consents,
      files: p.files,
      ...p.attribution,
      assignedTo: owners.get(i)?.userId ?? null,
      heldReason: p.hold?.reason ?? null,
      heldElapsedMs: p.hold?.elapsedMs ?? null,
      // The moment of its own insert: the batch keeps the order its submissions came in.
      createdAt: insertMoment(),
    }));
    const inserted = await tx
      .insert(formResponses)
      .values(rows)
      .returning({ id: formResponses.id, createdAt: formResponses.createdAt });
    const createdAt = new Map(inserted.map((row) => [row.id, row.createdAt]));
    const stored = storing.flatMap(({ p, i }, n): SettingOff[] => {
      results[i] = { stored: true, held: Boolean(p.hold) };
      if (p.hold) return [];
      const id = rows[n]?.id as string;
      const submission = { ...p, id, owner: owners.get(i) ?? null, createdAt: createdAt.get(id) as Date };
      return [{ form: formOf.get(p.formId) as FormRow, submission }];
    });
    const queued = await setOff(tx, stored, key);
    // Open inboxes and dashboards (any instance) hear of it when this commits; held ones wait in the Spam view.
    if (stored.length) await leadsChanged(tx);
    return { results, queued, learn: filled ? await contentChangedIn(tx) : undefined };
  });
  written.learn?.();
  // Only submissions with deliveries wake the worker: without mail or webhooks there is nothing for it to claim.
  if (written.queued) outboxWritten();
  // Every submission has its result by now: refused above, or stored.
  return written.results as FormStoreResult[];
}

const formWrites = submissionWrites<PendingFormResponse, FormStoreResult>(
  { one: "form submission", many: "submissions" },
  storeFormResponses,
);

/** Stores one submission through the group commit; resolves after the transaction holding it has committed. */
export function storeFormResponse(pending: PendingFormResponse): Promise<FormStoreResult> {
  return formWrites.submit(pending);
}

/** Waits until every queued submission is committed (shutdown, before the database closes). */
export function drainFormResponseWrites(): Promise<void> {
  return formWrites.drain();
}

/** Transactions the form submissions took so far (batches and single retries). */
export function formResponseWriteTransactions(): number {
  return formWrites.batches;
}

// A visitor's submission of a form built in the back office: checked against the form's own definition (the same
// rules the browser applied), its hidden fields filled here from the visit's attribution (whatever the browser sent
// for them is ignored), then rate-limited per address and stored by group commit with what it sets off: its owner
// and mails as the form routes them (form-routing.server.ts), a newsletter subscription when its consent asks for
// one, its webhook and the inbox's live notice (form-response-storage.server.ts). One caught by a bot trap is kept as held (never counted, announced
// or sent on) and answered like a success, so a bot learns nothing; "Not spam" in the Spam view sets it off later.
// A form that asks for a captcha refuses a submission without a good answer, and holds one it could not check.
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { formResponses, forms } from "~/db/schema";
import { isDatabaseUnavailable, loggableError } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import type { RateLimitHit } from "~/infra/rate-limit.server";
import { clientKey } from "~/infra/request-context.server";
import { takesSubmissions } from "~/lib/form-builder/availability";
import { CAPTCHA_MESSAGE } from "~/lib/form-builder/captcha";
import { FORM_MESSAGES, type FormDefinition } from "~/lib/form-builder/definition";
import { type FileAnswer, fileFieldsOf } from "~/lib/form-builder/files";
import {
  checkSubmission,
  fillPlaceholders,
  hiddenValue,
  type SubmittedValues,
} from "~/lib/form-builder/submission";
import type { Attribution } from "~/lib/lead-schema";
import type { SpamReason } from "~/lib/lead-status";
import { type AuditContext, auditAs, recordAuditIn } from "~/models/audit.server";
import { checkCaptcha } from "~/models/captcha-settings.server";
import { setOff, storeFormResponse, subscribes } from "~/models/form-response-storage.server";
import { ownerOfTurn } from "~/models/form-routing.server";
import { countedResponses, type FormRow, formForSubmission } from "~/models/forms.server";
import { confirmationKey } from "~/models/newsletter-subscribers.server";
import { outboxWritten } from "~/models/outbox.server";
import { leadsChanged } from "~/models/realtime-events.server";
import { objectStore } from "~/storage/configured-store.server";
import {
  checkFormFiles,
  isChosen,
  removeFormFiles,
  type SentFiles,
  storedName,
  storeFormFiles,
} from "~/storage/form-files.server";
import type { ObjectStore } from "~/storage/object-store.server";

/** Submissions per address and window, across the built forms (as for the contact form). */
export const FORM_RATE_LIMIT = { limit: 5, windowSeconds: 600 };
/** Submissions held as suspected spam that one address may leave per window (more are dropped). */
export const HELD_RATE_LIMIT = { limit: 20, windowSeconds: 600 };

export interface FormSubmissionInput {
  formId: string;
  /** The form, when the caller has read it already (the route, for its body limit). */
  form?: FormRow;
  /** What the request carried, by field name (a list where a name came more than once). */
  raw: Record<string, string | string[]>;
  /** The files it carried, by field name. */
  files?: SentFiles;
  attribution: Attribution;
  /** The client's address (rate limits). */
  client: string;
  trap: { reason: SpamReason; elapsedMs: number | null } | null;
  /** The limit the submission counts against, when not FORM_RATE_LIMIT per client address (the content API's). */
  limit?: RateLimitHit;
  /** "skip": a key holder's server sent it (the content API), with no captcha to complete; its key vouches for it. */
  captcha?: "skip";
}

export type FormCaptureResult =
  | { ok: true; message?: string; redirect?: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "closed"; message: string }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string>; values: SubmittedValues }
  /** The form asks for a captcha and none came with the submission, or the provider refused it. */
  | { ok: false; reason: "captcha"; message: string }
  | { ok: false; reason: "rate-limited"; retryAfter: number }
  | { ok: false; reason: "unavailable" | "failed" };

/** The URL parameters of the page the form was sent from. */
function paramsOf(sourcePage: string | null): Record<string, string> {
  if (!sourcePage) return {};
  try {
    return Object.fromEntries(new URL(sourcePage, "http://site.invalid").searchParams);
  } catch {
    return {};
  }
}

/** The submission with every hidden field's value as the visit gives it, never as the browser sent it. */
function withHiddenValues(
  definition: FormDefinition,
  raw: FormSubmissionInput["raw"],
  attribution: Attribution,
) {
  const context = {
    utm: {
      utm_source: attribution.utmSource ?? undefined,
      utm_medium: attribution.utmMedium ?? undefined,
      utm_campaign: attribution.utmCampaign ?? undefined,
      utm_term: attribution.utmTerm ?? undefined,
      utm_content: attribution.utmContent ?? undefined,
    },
    referrer: attribution.referrer ?? undefined,
    landingPage: attribution.landingPage ?? undefined,
    page: attribution.sourcePage ?? undefined,
    params: paramsOf(attribution.sourcePage),
  };
  const filled: Record<string, unknown> = { ...raw };
  for (const field of definition.fields)
    if (field.type === "hidden") filled[field.name] = hiddenValue(field, context);
  return filled;
}

/**
 * The submission with each file field's value the name of the file sent for it, never what a browser sent as text
 * under that name: so "required" and conditions see whether a file came.
 */
function withFileNames(definition: FormDefinition, raw: Record<string, unknown>, files: SentFiles) {
  const named = { ...raw };
  for (const field of fileFieldsOf(definition)) {
    const sent = (Object.hasOwn(files, field.name) ? (files[field.name] ?? []) : []).filter(isChosen);
    named[field.name] = sent[0] ? storedName(sent[0]) : "";
  }
  return named;
}

/** Who the submission is from, for the inbox: its first e-mail answer, and a name answer if there is one. */
function personOf(definition: FormDefinition, values: SubmittedValues) {
  const text = (name: string | undefined) => {
    const value = name ? values[name] : undefined;
    return typeof value === "string" ? value : "";
  };
  const email = text(definition.fields.find((f) => f.type === "email" && text(f.name))?.name).toLowerCase();
  const nameField =
    definition.fields.find((f) => f.type === "text" && f.name === "name") ??
    definition.fields.find((f) => f.type === "text" && /name/.test(f.name) && text(f.name));
  return { email, name: text(nameField?.name) || null };
}

/** The consent boxes ticked, with the text and link the visitor read. */
function consentsOf(definition: FormDefinition, values: SubmittedValues) {
  return definition.fields
    .filter((f) => f.type === "consent" && values[f.name] === "yes")
    .map((f) => ({ field: f.name, text: f.label, ...(f.linkUrl ? { link: f.linkUrl } : {}) }));
}

/** The e-mail answers at a domain the form refuses, by field, with the message; undefined when there are none. */
function blockedAnswers(form: FormRow, values: SubmittedValues): Record<string, string> | undefined {
  if (!form.blockedDomains.length) return undefined;
  const errors: Record<string, string> = {};
  for (const field of form.definition.fields) {
    const value = values[field.name];
    if (field.type !== "email" || typeof value !== "string") continue;
    const domain = value.slice(value.lastIndexOf("@") + 1).toLowerCase();
    if (form.blockedDomains.some((d) => domain === d || domain.endsWith(`.${d}`)))
      errors[field.name] = FORM_MESSAGES.blockedDomain;
  }
  return Object.keys(errors).length ? errors : undefined;
}

/**
 * Checks and stores one submission, its files in the private store first (`store`). Never throws: every failure is
 * a result the route answers with. A submission that is not stored leaves no file behind.
 */
export async function captureFormResponse(
  input: FormSubmissionInput,
  store: ObjectStore = objectStore(),
): Promise<FormCaptureResult> {
  let files: Record<string, FileAnswer> = {};
  let kept = false;
  try {
    const form = input.form ?? (await formForSubmission(input.formId));
    if (!form || form.status === "draft") return { ok: false, reason: "not-found" };
    const now = new Date();
    const counted = form.maxSubmissions === null ? 0 : await countedResponses(form.id);
    if (!takesSubmissions(form, counted, now))
      return { ok: false, reason: "closed", message: form.closedMessage };
    const { definition } = form;
    const sent = input.files ?? {};
    const filled = withFileNames(
      definition,
      withHiddenValues(definition, input.raw, input.attribution),
      sent,
    );
    const checked = checkSubmission(definition, filled);
    // The files of the shown file fields, checked with the rest so every message comes at once.
    const shownFiles = fileFieldsOf(definition).filter((f) => Object.hasOwn(checked.values, f.name));
    const filesChecked = await checkFormFiles(shownFiles, sent);
    const fieldErrors = { ...(checked.ok ? {} : checked.fieldErrors), ...filesChecked.fieldErrors };
    if (Object.keys(fieldErrors).length)
      return { ok: false, reason: "invalid", fieldErrors, values: checked.values };
    const { values } = checked;
    const blocked = blockedAnswers(form, values);
    if (blocked) return { ok: false, reason: "invalid", fieldErrors: blocked, values };
    const success: FormCaptureResult =
      definition.success.kind === "redirect"
        ? { ok: true, redirect: definition.success.to }
        : { ok: true, message: fillPlaceholders(definition.success.message, values) };
    // Last of the checks, as the provider takes each answer once. Not checkable (the provider away): held.
    const captcha =
      form.captcha && input.captcha !== "skip" ? await checkCaptcha(input.raw, input.client) : "off";
    if (captcha === "missing" || captcha === "refused")
      return { ok: false, reason: "captcha", message: CAPTCHA_MESSAGE };
    const hold =
      input.trap ??
      (captcha === "unchecked" ? { reason: "captcha-unchecked" as const, elapsedMs: null } : null);
    // Held ones count within a limit of their own per address: a bot past it is still answered like a success,
    // and what it sends is dropped rather than piling up.
    const rate = hold
      ? { key: `form-held:${clientKey(input.client)}`, ...HELD_RATE_LIMIT }
      : (input.limit ?? { key: `form:${clientKey(input.client)}`, ...FORM_RATE_LIMIT });
    // Stored before the row, outside its transaction; deleted again below unless the row is committed.
    files = await storeFormFiles(filesChecked.accepted, store);
    const person = personOf(definition, values);
    const stored = await storeFormResponse({
      formId: form.id,
      at: now,
      ...person,
      values,
      consents: consentsOf(definition, values),
      files,
      attribution: input.attribution,
      rate,
      hold,
      subscribes: Boolean(person.email) && subscribes(definition, values),
    });
    if (!stored.stored) {
      if (stored.reason === "dropped") {
        logger.warn({ formId: form.id, reason: hold?.reason }, "suspected spam past its limit dropped");
        return success;
      }
      if (stored.reason === "rate-limited")
        return { ok: false, reason: "rate-limited", retryAfter: stored.retryAfter };
      if (stored.reason === "closed") return { ok: false, reason: "closed", message: stored.message };
      return { ok: false, reason: "not-found" };
    }
    kept = true;
    if (hold) logger.info({ formId: form.id, reason: hold.reason }, "form submission held as suspected spam");
    else logger.info({ formId: form.id, sourcePage: input.attribution.sourcePage }, "form submission stored");
    return success;
  } catch (error) {
    // The database's code only: the failed statement's parameters are the visitor's data.
    logger.error({ ...loggableError(error), formId: input.formId }, "failed to store a form submission");
    return { ok: false, reason: isDatabaseUnavailable(error) ? "unavailable" : "failed" };
  } finally {
    if (!kept) await removeFormFiles([files], store);
  }
}

/** The attribution columns of a stored submission. */
const attributionOf = (row: typeof formResponses.$inferSelect): Attribution => ({
  sourcePage: row.sourcePage,
  sourceSection: row.sourceSection,
  referrer: row.referrer,
  landingPage: row.landingPage,
  utmSource: row.utmSource,
  utmMedium: row.utmMedium,
  utmCampaign: row.utmCampaign,
  utmTerm: row.utmTerm,
  utmContent: row.utmContent,
});

/** A held submission of a built form, by id (a stored one is not held: the Spam view never touches it). */
const heldRow = (id: string) => and(eq(formResponses.id, id), isNotNull(formResponses.heldReason));

/**
 * "Not spam" for a built form's held submission: it becomes a lead as if it had passed the traps — its owner and
 * mails as the form routes them, the newsletter consent, its webhook — in one transaction with the row locked, so
 * two members releasing it at once set it off once; the second gets "gone". The member decides: a form closed or
 * full since takes it all the same.
 */
export async function releaseHeldFormResponse(id: string, who: AuditContext): Promise<"restored" | "gone"> {
  const key = await confirmationKey();
  const released = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(formResponses).where(heldRow(id)).for("update");
    if (!row) return undefined;
    const [form] = await tx.select().from(forms).where(eq(forms.id, row.formId));
    if (!form) return undefined;
    const owner = await ownerOfTurn(tx, form);
    await tx
      .update(formResponses)
      .set({ heldReason: null, heldElapsedMs: null, assignedTo: owner?.userId ?? null })
      .where(eq(formResponses.id, id));
    const queued = await setOff(
      tx,
      [{ form, submission: { ...row, attribution: attributionOf(row), owner } }],
      key,
    );
    await recordAuditIn(tx, {
      ...who,
      action: "spam.restore",
      entity: "form_response",
      entityId: id,
      details: { kind: "form", reason: row.heldReason, leadId: id },
    });
    await leadsChanged(tx);
    return { queued };
  });
  if (!released) return "gone";
  if (released.queued) outboxWritten();
  return "restored";
}

/**
 * Deletes a built form's held submission for good, and then its files; undefined when it was already gone (or is
 * not held).
 */
export async function deleteHeldFormResponse(id: string, who: AuditContext) {
  const [row] = await db()
    .delete(formResponses)
    .where(heldRow(id))
    .returning({ id: formResponses.id, reason: formResponses.heldReason, files: formResponses.files });
  if (!row) return undefined;
  await removeFormFiles([row.files]);
  await auditAs(who, {
    action: "spam.delete",
    entity: "form_response",
    entityId: row.id,
    details: { kind: "form", reason: row.reason },
  });
  return { id: row.id, reason: row.reason };
}

// A form as the editor sends it (one JSON field): its name, when it takes submissions, where its submissions go
// (routing), the other sites that may embed it, and its definition, checked
// by the definition schema. Every problem comes back by the place it belongs to ("name", "fields.2.label").
import { z } from "zod";
import { FORM_STATUSES } from "~/lib/form-builder/definition";
import { MAX_ALLOWED_ORIGINS, parseOrigin } from "~/lib/form-builder/embedding";
import { DEFAULT_ROUTING, ROUTING_LIMITS, ROUTING_MODES } from "~/lib/form-builder/routing";
import { EMAIL_PATTERN } from "~/lib/lead-schema";
import { safeText } from "~/lib/safe-text";
import type { FormInput } from "~/models/forms.server";
import { parseFormDefinition } from "./form-definition-schema.server";

export const DEFAULT_CLOSED_MESSAGE = "This form is not taking submissions at the moment.";

/** A date from the editor ("" for none); a value that is not a date is an error, not a silent "none". */
const when = z.union([
  z.literal("").transform(() => null),
  z.iso.datetime({ offset: true, error: "Please enter a date and time." }).transform((v) => new Date(v)),
]);

const text = (max: number, message: string) =>
  z
    .string()
    .transform((v) => safeText(v.trim()))
    .pipe(z.string().max(max, message));

/** Who hears of a submission; absent (an older editor, the API): nobody, no confirmation. */
const routingSchema = z
  .object({
    mode: z.enum(ROUTING_MODES, { error: "Choose how submissions are handed out." }),
    members: z
      .array(z.uuid({ error: "Choose members from the list." }))
      .max(50, "Choose at most 50 members."),
    addresses: z
      .array(
        z
          .string()
          .transform((v) => v.trim())
          .pipe(z.string().regex(EMAIL_PATTERN, "Enter e-mail addresses, one per line.")),
      )
      .max(ROUTING_LIMITS.addresses, `Enter at most ${ROUTING_LIMITS.addresses} addresses.`),
    confirmation: z.object({
      enabled: z.boolean(),
      subject: text(
        ROUTING_LIMITS.subject,
        `Keep the subject under ${ROUTING_LIMITS.subject + 1} characters.`,
      ),
      text: text(ROUTING_LIMITS.text, `Keep the message under ${ROUTING_LIMITS.text + 1} characters.`),
    }),
  })
  .refine((r) => r.mode !== "round-robin" || r.members.length > 0, {
    message: "Choose the members who take turns.",
    path: ["members"],
  })
  .refine((r) => !r.confirmation.enabled || r.confirmation.subject, {
    message: "Give the confirmation a subject.",
    path: ["confirmation", "subject"],
  })
  .refine((r) => !r.confirmation.enabled || r.confirmation.text, {
    message: "Write the confirmation's message.",
    path: ["confirmation", "text"],
  })
  .optional()
  .transform((r) => r ?? DEFAULT_ROUTING);

/** A domain name as people type it in a block list: labels of letters, digits and hyphens, a dot between. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The sites that may embed the form, as origins (one message naming the first bad entry); absent: none. */
const allowedOriginsSchema = z
  .array(
    z.string().transform((value, ctx) => {
      const checked = parseOrigin(value);
      if (checked.ok) return checked.origin;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }),
  )
  .max(MAX_ALLOWED_ORIGINS, `List at most ${MAX_ALLOWED_ORIGINS} sites.`)
  .optional()
  .transform((v) => [...new Set(v ?? [])]);

const headSchema = z
  .object({
    name: z
      .string()
      .transform((v) => safeText(v.trim()))
      .pipe(z.string().min(1, "Give the form a name.").max(120, "Keep the name under 121 characters.")),
    status: z.enum(FORM_STATUSES, { error: "Choose draft, open or closed." }),
    opensAt: when,
    closesAt: when,
    maxSubmissions: z.union([
      z.literal("").transform(() => null),
      z
        .number({ error: "Please enter a whole number." })
        .int("Please enter a whole number.")
        .min(1, "Enter 1 or more, or leave it empty for no limit.")
        .max(10_000_000, "Enter at most 10,000,000."),
    ]),
    closedMessage: z
      .string()
      .transform((v) => safeText(v.trim()))
      .pipe(z.string().max(1000, "Keep the message under 1,001 characters."))
      .transform((v) => v || DEFAULT_CLOSED_MESSAGE),
    routing: routingSchema,
    retentionDays: z
      .union([
        z.literal("").transform(() => null),
        z
          .number({ error: "Please enter a whole number of days." })
          .int("Please enter a whole number of days.")
          .min(1, "Enter 1 or more days, or leave it empty to keep submissions.")
          .max(3650, "Enter at most 3,650 days (ten years)."),
      ])
      .optional()
      .transform((v) => v ?? null),
    blockedDomains: z
      .array(
        z
          .string()
          .transform((v) => v.trim().toLowerCase().replace(/^@/, ""))
          .pipe(z.string().regex(DOMAIN, "Enter domains such as example.com, one per line.")),
      )
      .max(200, "Enter at most 200 domains.")
      .optional()
      .transform((v) => [...new Set(v ?? [])]),
    // Absent (an older editor): not asked.
    captcha: z
      .boolean({ error: "Choose whether to ask for a captcha." })
      .optional()
      .transform((v) => v ?? false),
    allowedOrigins: allowedOriginsSchema,
  })
  .refine((head) => !head.opensAt || !head.closesAt || head.opensAt < head.closesAt, {
    message: "The form must close after it opens.",
    path: ["closesAt"],
  });

export function parseFormInput(
  raw: unknown,
): { ok: true; form: FormInput } | { ok: false; fieldErrors: Record<string, string> } {
  const value = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const head = headSchema.safeParse(value);
  const definition = parseFormDefinition(value.definition);
  const fieldErrors: Record<string, string> = {};
  if (!head.success)
    for (const issue of head.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  // A bad address names the list, where the editor shows it.
  for (const key of Object.keys(fieldErrors))
    for (const list of ["routing.addresses", "blockedDomains", "allowedOrigins"])
      if (key.startsWith(`${list}.`)) fieldErrors[list] ??= fieldErrors[key] as string;
  if (!definition.ok) for (const error of definition.errors) fieldErrors[error.path] ??= error.message;
  if (!head.success || !definition.ok) return { ok: false, fieldErrors };
  return { ok: true, form: { ...head.data, definition: definition.definition } };
}

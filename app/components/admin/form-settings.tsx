// The form editor's settings card: the form's name, when it takes submissions (status, dates, a limit, the message
// shown otherwise), its button, what happens after sending, who hears of it and which other sites may embed it;
// then Save and Delete. The fields are
// form-editor.tsx's.
import { Trash2 } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, TextareaField, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import type { CaptchaProvider } from "~/lib/form-builder/captcha";
import type { FormDefinition } from "~/lib/form-builder/definition";
import { DEFAULT_ROUTING, type FormRouting, type RoutingMode } from "~/lib/form-builder/routing";
import { FormCaptchaField } from "./form-captcha-field";
import { FormEmbedOrigins } from "./form-embed";
import { type AssignableMember, FormRoutingFields } from "./form-routing-fields";

/** The settings as the editor holds them (dates as datetime-local values in the browser's zone). */
export interface FormHead {
  name: string;
  status: string;
  opensAt: string;
  closesAt: string;
  maxSubmissions: string;
  closedMessage: string;
  submitLabel: string;
  successKind: "message" | "redirect";
  successMessage: string;
  successTo: string;
  routingMode: RoutingMode;
  routingMembers: string[];
  /** One address per line, as typed. */
  routingAddresses: string;
  confirmEnabled: boolean;
  confirmSubject: string;
  confirmText: string;
  /** Days as typed ("" keeps submissions for good). */
  retentionDays: string;
  /** One domain per line, as typed. */
  blockedDomains: string;
  captcha: boolean;
  /** The other sites that may embed the form, one per line, as typed. */
  allowedOrigins: string;
}

/** An ISO date as a datetime-local value in the browser's zone ("" for none). */
function localInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const isoOf = (local: string) => (local ? new Date(local).toISOString() : "");

export interface EditedForm {
  name: string;
  status: string;
  opensAt: string;
  closesAt: string;
  maxSubmissions: number | null;
  closedMessage: string;
  routing: FormRouting;
  retentionDays: number | null;
  blockedDomains: string[];
  captcha: boolean;
  allowedOrigins: string[];
  definition: FormDefinition;
}

export const NEW_FORM: EditedForm = {
  name: "",
  status: "draft",
  opensAt: "",
  closesAt: "",
  maxSubmissions: null,
  closedMessage: "This form is not taking submissions at the moment.",
  routing: DEFAULT_ROUTING,
  retentionDays: null,
  blockedDomains: [],
  captcha: false,
  allowedOrigins: [],
  definition: {
    fields: [],
    submitLabel: "Send",
    success: { kind: "message", message: "Thank you, {name}! We'll be in touch soon." },
  },
};

export function headOf(form: EditedForm): FormHead {
  const { success } = form.definition;
  return {
    name: form.name,
    status: form.status,
    opensAt: localInput(form.opensAt),
    closesAt: localInput(form.closesAt),
    maxSubmissions: form.maxSubmissions === null ? "" : String(form.maxSubmissions),
    closedMessage: form.closedMessage,
    submitLabel: form.definition.submitLabel,
    successKind: success.kind,
    successMessage: success.kind === "message" ? success.message : "",
    successTo: success.kind === "redirect" ? success.to : "",
    routingMode: form.routing.mode,
    routingMembers: form.routing.members,
    routingAddresses: form.routing.addresses.join("\n"),
    confirmEnabled: form.routing.confirmation.enabled,
    confirmSubject: form.routing.confirmation.subject,
    confirmText: form.routing.confirmation.text,
    retentionDays: form.retentionDays === null ? "" : String(form.retentionDays),
    blockedDomains: form.blockedDomains.join("\n"),
    captcha: form.captcha,
    allowedOrigins: form.allowedOrigins.join("\n"),
  };
}

/** A list typed one per line (commas too), without blanks. */
const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The form as a revision's snapshot has it: what a teammate's version is compared with. */
export function formSnapshot(head: FormHead, fields: Record<string, unknown>[]) {
  return {
    name: head.name,
    status: head.status,
    opensAt: isoOf(head.opensAt) || null,
    closesAt: isoOf(head.closesAt) || null,
    maxSubmissions: head.maxSubmissions === "" ? null : Number(head.maxSubmissions),
    closedMessage: head.closedMessage,
    routing: {
      mode: head.routingMode,
      members: head.routingMembers,
      addresses: lines(head.routingAddresses),
      confirmation: { enabled: head.confirmEnabled, subject: head.confirmSubject, text: head.confirmText },
    },
    retentionDays: head.retentionDays === "" ? null : Number(head.retentionDays),
    blockedDomains: lines(head.blockedDomains),
    captcha: head.captcha,
    allowedOrigins: lines(head.allowedOrigins),
    definition: {
      fields,
      submitLabel: head.submitLabel,
      success:
        head.successKind === "redirect"
          ? { kind: "redirect", to: head.successTo }
          : { kind: "message", message: head.successMessage },
    },
  };
}

/** The whole form as the save sends it (one JSON field). */
export function payloadOf(head: FormHead, fields: Record<string, unknown>[]): string {
  const snapshot = formSnapshot(head, fields);
  return JSON.stringify({
    ...snapshot,
    opensAt: snapshot.opensAt ?? "",
    closesAt: snapshot.closesAt ?? "",
    maxSubmissions: head.maxSubmissions === "" ? "" : Number(head.maxSubmissions),
    retentionDays: head.retentionDays === "" ? "" : Number(head.retentionDays),
  });
}

export function FormSettings({
  head,
  onChange: setHead,
  payload,
  base,
  errors,
  saving,
  submissions,
  deletable,
  members,
  mailReady,
  mayRoute,
  captchaProvider,
  mayEmbed,
}: {
  head: FormHead;
  onChange: (head: FormHead) => void;
  payload: string;
  /** The version the editor loaded; empty for a new form. */
  base: string;
  errors: Record<string, string | undefined>;
  saving: boolean;
  /** How many submissions the form has (deleting it deletes them). */
  submissions: number;
  deletable: boolean;
  /** The members who may hold leads: the ones a form can alert or hand submissions to. */
  members: AssignableMember[];
  /** Whether mail is set up (SMTP_URL): without it nothing is sent. */
  mailReady: boolean;
  mayRoute: boolean;
  /** The captcha provider whose keys are saved (null: none, the form cannot ask for one yet). */
  captchaProvider: CaptchaProvider | null;
  /** Whether this member may change the sites that may embed the form (the others see them only). */
  mayEmbed: boolean;
}) {
  const submit = useSubmit();
  const set = (patch: Partial<FormHead>) => setHead({ ...head, ...patch });
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">Form</h2>
      <Form method="post" className="mt-4 space-y-4" aria-label="Form settings">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="form" value={payload} />
        <input type="hidden" name="base" value={base} />
        <TextField
          id="form-name"
          label="Name"
          hint="Shown in the back office and the inbox, not to visitors."
          value={head.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Field id="form-status" label="Status" error={errors.status}>
          {(aria) => (
            <Select {...aria} value={head.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="draft">Draft: not on the site yet</option>
              <option value="open">Open: takes submissions</option>
              <option value="closed">Closed: shows the message below</option>
            </Select>
          )}
        </Field>
        {head.status === "open" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="form-opens-at"
              type="datetime-local"
              label="Opens (empty: now)"
              value={head.opensAt}
              error={errors.opensAt}
              onChange={(e) => set({ opensAt: e.target.value })}
            />
            <TextField
              id="form-closes-at"
              type="datetime-local"
              label="Closes (empty: never)"
              value={head.closesAt}
              error={errors.closesAt}
              onChange={(e) => set({ closesAt: e.target.value })}
            />
            <TextField
              id="form-max"
              type="number"
              min={1}
              label="Most submissions (empty: no limit)"
              value={head.maxSubmissions}
              error={errors.maxSubmissions}
              onChange={(e) => set({ maxSubmissions: e.target.value })}
            />
          </div>
        ) : null}
        <TextareaField
          id="form-closed-message"
          label="Message when it does not take submissions"
          rows={2}
          value={head.closedMessage}
          error={errors.closedMessage}
          onChange={(e) => set({ closedMessage: e.target.value })}
        />
        <TextareaField
          id="form-blocked-domains"
          label="Refuse e-mail addresses at these domains"
          hint="One per line, e.g. competitor.example: an address there (or at a subdomain) is refused at its field."
          rows={2}
          value={head.blockedDomains}
          error={errors.blockedDomains}
          onChange={(e) => set({ blockedDomains: e.target.value })}
        />
        <FormCaptchaField
          provider={captchaProvider}
          checked={head.captcha}
          onChange={(captcha) => set({ captcha })}
        />
        <TextField
          id="form-submit-label"
          label="Button"
          value={head.submitLabel}
          error={errors.submitLabel}
          onChange={(e) => set({ submitLabel: e.target.value })}
        />
        <Field id="form-success-kind" label="After sending" error={errors["success.kind"]}>
          {(aria) => (
            <Select
              {...aria}
              value={head.successKind}
              onChange={(e) => set({ successKind: e.target.value === "redirect" ? "redirect" : "message" })}
            >
              <option value="message">Show a message</option>
              <option value="redirect">Go to a page or address</option>
            </Select>
          )}
        </Field>
        {head.successKind === "message" ? (
          <TextareaField
            id="form-success-message"
            label="Message"
            hint="{name} puts in the answer with that key, e.g. {first_name}."
            rows={2}
            value={head.successMessage}
            error={errors["success.message"]}
            onChange={(e) => set({ successMessage: e.target.value })}
          />
        ) : (
          <TextField
            id="form-success-to"
            label="Page or address"
            hint="A path of this site (/thank-you) or an address starting with https://."
            value={head.successTo}
            error={errors["success.to"]}
            onChange={(e) => set({ successTo: e.target.value })}
          />
        )}
        <FormRoutingFields
          head={head}
          set={set}
          members={members}
          mailReady={mailReady}
          editable={mayRoute}
          errors={errors}
        />
        <FormEmbedOrigins head={head} set={set} editable={mayEmbed} error={errors.allowedOrigins} />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save form"}
        </Button>
      </Form>
      {deletable ? (
        <ConfirmDialog
          trigger={
            <Button type="button" variant="ghost" className="mt-3 text-red-700">
              <Trash2 aria-hidden /> Delete form
            </Button>
          }
          title="Delete this form?"
          description={
            submissions > 0
              ? `Its ${submissions} ${submissions === 1 ? "submission goes" : "submissions go"} with it, and pages that show it show nothing in its place. This cannot be undone.`
              : "Pages that show it show nothing in its place. This cannot be undone."
          }
          onConfirm={() => submit({ intent: "delete" }, { method: "post" })}
        />
      ) : null}
    </Card>
  );
}

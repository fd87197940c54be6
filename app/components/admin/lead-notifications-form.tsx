// "Lead notifications": recipients, which kinds of lead send an alert, and the optional auto-reply. Without
// SMTP_URL the form says that mail is off and how to turn it on (nothing is queued for mail then).
import { MailWarning } from "lucide-react";
import { useFetcher } from "react-router";
import { isRole, ROLE_LABELS } from "~/auth/roles";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import { type LeadNotificationSettings, ROUND_ROBIN_FIELD } from "~/lib/notification-settings";

const KINDS = [
  { name: "kind_contact", key: "contact", label: "Contact requests" },
  { name: "kind_lead", key: "lead", label: "Demo and dialog leads" },
  { name: "kind_newsletter", key: "newsletter", label: "Newsletter sign-ups" },
] as const;

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="size-4 accent-slate-900"
      />
      {label}
    </label>
  );
}

export function LeadNotificationsForm({
  mailOn,
  settings,
  members,
}: {
  mailOn: boolean;
  settings: LeadNotificationSettings;
  /** The members who may hold leads: the round-robin's choices. */
  members: { userId: string; name: string; role: string }[];
}) {
  const fetcher = useFetcher<ActionResult>({ key: "lead-notifications" });
  useActionToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  // After a refusal the form shows what was typed, not the saved settings.
  const typed = fetcher.data?.ok === false ? fetcher.data.values : undefined;
  const checked = (name: string, saved: boolean) => (typed ? typed[name] === "on" : saved);
  const busy = fetcher.state !== "idle";

  return (
    <Card>
      <CardHeader className="border-b border-slate-200">
        <CardTitle>Lead notifications</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 pt-5">
        {mailOn ? null : (
          <div
            role="status"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              Mail is off: no SMTP server is configured, so no alert or auto-reply is sent or queued. To turn
              it on, set <code className="font-mono">SMTP_URL</code> (for example{" "}
              <code className="font-mono wrap-anywhere">smtp://user:password@mail.example.com:587</code>) and
              optionally <code className="font-mono">MAIL_FROM</code> in the server's environment, then
              restart the server.
            </p>
          </div>
        )}
        <fetcher.Form
          method="post"
          noValidate
          className="space-y-5"
          key={typed ? "typed" : JSON.stringify(settings)}
        >
          <input type="hidden" name="intent" value="notifications" />
          <Field
            id="recipients"
            label="Recipients"
            hint="E-mail addresses that get an alert for each new lead, separated by commas."
            error={errors.recipients}
          >
            {(aria) => (
              <Input
                {...aria}
                name="recipients"
                autoComplete="off"
                defaultValue={typed?.recipients ?? settings.recipients.join(", ")}
              />
            )}
          </Field>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-900">Send an alert for</legend>
            {KINDS.map((kind) => (
              <Checkbox
                key={kind.name}
                name={kind.name}
                label={kind.label}
                defaultChecked={checked(kind.name, settings.kinds[kind.key])}
              />
            ))}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-medium text-slate-900">Auto-reply to the visitor</legend>
            <Checkbox
              name="auto_reply"
              label="Send an automatic reply to contact requests and demo leads"
              defaultChecked={checked("auto_reply", settings.autoReply.enabled)}
            />
            <Field id="auto_reply_subject" label="Subject" error={errors.auto_reply_subject}>
              {(aria) => (
                <Input
                  {...aria}
                  name="auto_reply_subject"
                  defaultValue={typed?.auto_reply_subject ?? settings.autoReply.subject}
                />
              )}
            </Field>
            <Field id="auto_reply_text" label="Text" error={errors.auto_reply_text}>
              {(aria) => (
                <Textarea
                  {...aria}
                  name="auto_reply_text"
                  rows={5}
                  defaultValue={typed?.auto_reply_text ?? settings.autoReply.text}
                />
              )}
            </Field>
          </fieldset>
          <fieldset className="space-y-2" aria-describedby="round-robin-hint">
            <legend className="mb-1 text-sm font-medium text-slate-900">Assign new leads in turn</legend>
            <p id="round-robin-hint" className="text-sm text-slate-600">
              Each new contact request and demo lead goes to the next chosen member, who also gets its alert
              mail. Only Sales members, Administrators and the owner can take leads.
            </p>
            <Checkbox
              name="round_robin"
              label="Assign new contact requests and demo leads round-robin"
              defaultChecked={checked("round_robin", settings.roundRobin?.enabled ?? false)}
            />
            {members.length === 0 ? (
              <p className="text-sm text-slate-600">Nobody on the team can take leads yet.</p>
            ) : (
              <ul className="grid gap-x-4 sm:grid-cols-2" aria-label="Members who take turns">
                {members.map((m) => (
                  <li key={m.userId}>
                    <Checkbox
                      name={`${ROUND_ROBIN_FIELD}${m.userId}`}
                      label={`${m.name} (${isRole(m.role) ? ROLE_LABELS[m.role] : m.role})`}
                      defaultChecked={checked(
                        `${ROUND_ROBIN_FIELD}${m.userId}`,
                        settings.roundRobin?.members.includes(m.userId) ?? false,
                      )}
                    />
                  </li>
                ))}
              </ul>
            )}
            {errors.round_robin ? (
              <p id="round_robin-error" role="alert" className="text-sm font-medium text-red-700">
                {errors.round_robin}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : null}
            {busy ? "Saving..." : "Save notifications"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

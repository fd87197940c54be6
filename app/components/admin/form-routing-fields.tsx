// The form editor's "who hears of it" part: the members alerted of each submission (or handed them in turn), other
// addresses alerted too, and the confirmation mail to the sender. Part of the settings card's one save.
import { MailWarning } from "lucide-react";
import { isRole, ROLE_LABELS } from "~/auth/roles";
import { Field, TextareaField, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { ROUTING_LIMITS } from "~/lib/form-builder/routing";
import type { FormHead } from "./form-settings";

/** A member who may hold leads, as the editor lists them. */
export interface AssignableMember {
  userId: string;
  name: string;
  email: string;
  role: string;
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-slate-900"
      />
      {label}
    </label>
  );
}

export function FormRoutingFields({
  head,
  set,
  members,
  mailReady,
  editable,
  errors,
}: {
  head: FormHead;
  set: (patch: Partial<FormHead>) => void;
  members: AssignableMember[];
  mailReady: boolean;
  /** False for a member who may not change it: shown, not editable, and kept by the server whatever is sent. */
  editable: boolean;
  errors: Record<string, string | undefined>;
}) {
  const chosen = new Set(head.routingMembers);
  const toggle = (userId: string, on: boolean) =>
    set({
      routingMembers: on
        ? [...head.routingMembers, userId]
        : head.routingMembers.filter((id) => id !== userId),
    });
  const turns = head.routingMode === "round-robin";
  if (!editable)
    return (
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">Who hears of each submission</h3>
        <p className="text-sm text-slate-700">
          {head.routingMembers.length === 0 && !head.routingAddresses.trim()
            ? "Nobody is alerted yet."
            : turns
              ? `Handed out in turn among ${head.routingMembers.length} member(s).`
              : `Alerts go to ${head.routingMembers.length} member(s)${head.routingAddresses.trim() ? " and other addresses" : ""}.`}{" "}
          {head.confirmEnabled ? "The sender gets a confirmation. " : ""}
          {head.retentionDays ? `Submissions are deleted after ${head.retentionDays} days. ` : ""}
          Administrators and the owner change this.
        </p>
      </div>
    );
  return (
    <div className="space-y-4 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Who hears of each submission</h3>
      {mailReady ? null : (
        <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          Mail is not set up (SMTP_URL), so no alert or confirmation is sent. Submissions still reach the
          inbox and are handed out in turn.
        </p>
      )}
      <Field id="form-routing-mode" label="Hand out" error={errors["routing.mode"]}>
        {(aria) => (
          <Select
            {...aria}
            value={head.routingMode}
            onChange={(e) => set({ routingMode: e.target.value === "round-robin" ? "round-robin" : "alert" })}
          >
            <option value="alert">Alert every chosen member</option>
            <option value="round-robin">In turn: each to the next chosen member, who owns it</option>
          </Select>
        )}
      </Field>
      <fieldset aria-describedby="form-routing-members-hint">
        <legend className="text-sm font-medium text-slate-900">
          {turns ? "Members who take turns" : "Members alerted"}
        </legend>
        <p id="form-routing-members-hint" className="text-sm text-slate-600">
          Only Sales members, Administrators and the owner can take leads.
        </p>
        {members.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody on the team can take leads yet.</p>
        ) : (
          <ul className="grid gap-x-4 sm:grid-cols-2">
            {members.map((m) => (
              <li key={m.userId}>
                <Check
                  label={`${m.name || m.email} (${isRole(m.role) ? ROLE_LABELS[m.role] : m.role})`}
                  checked={chosen.has(m.userId)}
                  onChange={(on) => toggle(m.userId, on)}
                />
              </li>
            ))}
          </ul>
        )}
        {errors["routing.members"] ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors["routing.members"]}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        id="form-routing-addresses"
        label="Also alert these addresses"
        hint={`One per line, at most ${ROUTING_LIMITS.addresses}: a shared inbox or a partner outside the team.`}
        rows={2}
        value={head.routingAddresses}
        error={errors["routing.addresses"]}
        onChange={(e) => set({ routingAddresses: e.target.value })}
      />
      <TextField
        id="form-retention"
        type="number"
        min={1}
        label="Delete submissions after (days, empty: keep them)"
        hint="Held suspected spam goes after 30 days whatever this says."
        value={head.retentionDays}
        error={errors.retentionDays}
        onChange={(e) => set({ retentionDays: e.target.value })}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Confirmation to the sender</legend>
        <Check
          label="Send the sender a confirmation mail"
          checked={head.confirmEnabled}
          onChange={(on) => set({ confirmEnabled: on })}
        />
        {head.confirmEnabled ? (
          <>
            <TextField
              id="form-confirm-subject"
              label="Confirmation subject"
              value={head.confirmSubject}
              error={errors["routing.confirmation.subject"]}
              onChange={(e) => set({ confirmSubject: e.target.value })}
            />
            <TextareaField
              id="form-confirm-text"
              label="Confirmation message"
              hint="{name} puts in the answer with that key. An address gets at most one a day, counted with the site's auto-reply."
              rows={4}
              value={head.confirmText}
              error={errors["routing.confirmation.text"]}
              onChange={(e) => set({ confirmText: e.target.value })}
            />
          </>
        ) : null}
      </fieldset>
    </div>
  );
}

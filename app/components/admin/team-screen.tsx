// The Team screen: invite someone (e-mail and role; without SMTP the link to pass on is shown once), the members
// with their role, two-factor and last sign-in (change a role, remove — both confirmed), and the invitations not
// yet accepted, with who invited (send again, withdraw). The owner's row has no actions: the owner stays. A role
// change carries the member's version the screen loaded (team-member-role.tsx).
import { Mail, RefreshCw, Trash2, UserMinus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ROLE_LABELS, ROLE_SUMMARIES, ROLES, type Role } from "~/auth/roles";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/field";
import { FieldError, Label, Select } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import type { TeamActionResult } from "~/lib/team";
import { AdminPageHeader } from "./admin-shell";
import { ListRow } from "./list-row";
import { OneTimeSecret } from "./one-time-secret";
import { RoleConflictNotice, useRoleChange } from "./team-member-role";

type When = Date | string;

interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  twoFactor: boolean;
  lastSignIn: When | null;
  version: string;
}

interface Invitation {
  id: string;
  email: string;
  role: Role;
  sentAt: When;
  expiresAt: When;
  expired: boolean;
  invitedBy: string | null;
}

/** The roles a member can be given or invited with: every role but the owner's (there is one owner). */
const ASSIGNABLE = ROLES.filter((role) => role !== "owner");

/** The link to pass on when no mail could be sent (made by an invitation or a new link). */
function PassOnLink({ result }: { result: TeamActionResult | undefined }) {
  if (!result?.ok || !result.link) return null;
  return (
    <div className="mt-4" data-testid="invitation-link">
      <OneTimeSecret
        id="invitation-link"
        label={`Invitation link for ${result.email ?? "the invited person"}`}
        value={result.link}
        warning="No mail server is configured, so pass this link on yourself. It is shown only now and works once."
        copyLabel="Copy invitation link"
        copiedMessage="Invitation link copied"
      />
    </div>
  );
}

function InviteForm({ ttlDays }: { ttlDays: number }) {
  const fetcher = useFetcher<TeamActionResult>({ key: "team-invite" });
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "invite" ? fetcher.data : undefined;
  const errors = result?.ok === false ? (result.fieldErrors ?? {}) : {};
  const [role, setRole] = useState<Role>("editor");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          className="grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
        >
          <input type="hidden" name="intent" value="invite" />
          <TextField
            id="invite-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="off"
            required
            defaultValue={result?.ok === false ? result.values?.email : undefined}
            error={errors.email}
          />
          <div>
            <Label htmlFor="invite-role">Role</Label>
            <Select
              id="invite-role"
              name="role"
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as Role)}
              aria-describedby="invite-role-hint"
              aria-invalid={errors.role ? true : undefined}
            >
              {ASSIGNABLE.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
            <FieldError id="invite-role-error">{errors.role}</FieldError>
          </div>
          <Button type="submit" disabled={busy} className="sm:mt-7">
            <Mail aria-hidden />
            {busy ? "Sending…" : "Send invitation"}
          </Button>
        </fetcher.Form>
        <p id="invite-role-hint" className="mt-2 text-sm text-slate-700">
          {ROLE_LABELS[role]}: {ROLE_SUMMARIES[role]} The link works once, for {ttlDays} days.
        </p>
        <PassOnLink result={result} />
      </CardContent>
    </Card>
  );
}

function MemberRow({ member, me }: { member: Member; me: string }) {
  const change = useRoleChange(member);
  const role = change.role;
  const removeFetcher = useFetcher<TeamActionResult>({ key: "team-remove" });
  const owner = member.role === "owner";
  const who = member.userId === me ? `${member.name} (you)` : member.name;
  const selectId = `role-${member.userId}`;
  const busy = change.busy || removeFetcher.state !== "idle";
  return (
    <ListRow
      testId="team-member"
      busy={busy}
      actions={
        owner ? (
          <p className="text-sm text-slate-600">The owner stays</p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Role of {member.name}
            </label>
            <Select
              id={selectId}
              value={role}
              className="w-auto min-w-36"
              onChange={(e) => change.choose(e.currentTarget.value as Role)}
            >
              {ASSIGNABLE.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
            <ConfirmDialog
              title="Change role"
              description={`Give ${member.name} the role ${ROLE_LABELS[role]}? ${ROLE_SUMMARIES[role]} It applies to their next page.`}
              confirmLabel="Change role"
              onConfirm={change.submit}
              trigger={
                <Button variant="outline" disabled={busy || role === member.role}>
                  Change role
                </Button>
              }
            />
            <ConfirmDialog
              title="Remove member"
              description={`Remove ${member.name} from the team? They are signed out everywhere at once and cannot sign in again unless invited. Their posts and academy items stay, with their name.`}
              confirmLabel="Remove"
              onConfirm={() =>
                removeFetcher.submit({ intent: "remove", id: member.userId }, { method: "post" })
              }
              trigger={
                <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy}>
                  <UserMinus aria-hidden />
                  Remove<span className="sr-only"> {member.name}</span>
                </Button>
              }
            />
          </div>
        )
      }
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words text-slate-900">{who}</h3>
          <Badge variant={owner ? "default" : "outline"}>{ROLE_LABELS[member.role]}</Badge>
          <Badge variant={member.twoFactor ? "success" : "warning"}>
            {member.twoFactor ? "Two-factor on" : "Two-factor off"}
          </Badge>
          {member.isActive ? null : <Badge variant="danger">Inactive</Badge>}
        </div>
        <p className="text-sm break-all text-slate-700">{member.email}</p>
        <p className="text-xs text-slate-600">Last sign-in: {formatDateTime(member.lastSignIn, "Never")}</p>
        <RoleConflictNotice name={member.name} conflict={change.conflict} />
      </div>
    </ListRow>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useFetcher<TeamActionResult>({ key: `team-resend-${invitation.id}` });
  const revoke = useFetcher<TeamActionResult>({ key: "team-revoke" });
  useActionToast(resend.data);
  const busy = resend.state !== "idle" || revoke.state !== "idle";
  return (
    <ListRow
      testId="team-invitation"
      busy={busy}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => resend.submit({ intent: "resend", id: invitation.id }, { method: "post" })}
          >
            <RefreshCw aria-hidden />
            Send again<span className="sr-only"> to {invitation.email}</span>
          </Button>
          <ConfirmDialog
            title="Withdraw invitation"
            description={`Withdraw the invitation for ${invitation.email}? Its link stops working at once.`}
            confirmLabel="Withdraw"
            onConfirm={() => revoke.submit({ intent: "revoke", id: invitation.id }, { method: "post" })}
            trigger={
              <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy}>
                <Trash2 aria-hidden />
                Withdraw<span className="sr-only"> the invitation for {invitation.email}</span>
              </Button>
            }
          />
        </div>
      }
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-all text-slate-900">{invitation.email}</h3>
          <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
          {invitation.expired ? <Badge variant="warning">Expired</Badge> : null}
        </div>
        <p className="text-xs text-slate-600">
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ""}
          Sent {formatDateTime(invitation.sentAt)} · {invitation.expired ? "expired" : "works until"}{" "}
          {formatDateTime(invitation.expiresAt)}
        </p>
        <PassOnLink result={resend.data} />
      </div>
    </ListRow>
  );
}

/** The owner's switch: two-factor sign-in required of every member (those without it can only set it up). */
function RequireTwoFactor({ required }: { required: boolean }) {
  const fetcher = useFetcher<TeamActionResult>();
  useActionToast(fetcher.data);
  const pending = fetcher.formData?.get("on");
  const on = pending != null ? pending === "true" : required;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700" data-testid="two-factor-requirement">
          {on
            ? "Required of everyone: a member without it can only open Security until it is on."
            : "Optional: each member decides under Security."}
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="require-two-factor" />
          <input type="hidden" name="on" value={on ? "false" : "true"} />
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
            {on ? "Make it optional" : "Require it of everyone"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export function TeamScreen({
  members,
  invitations,
  me,
  myRole,
  ttlDays,
  twoFactorRequired,
}: {
  members: Member[];
  invitations: Invitation[];
  me: string;
  myRole: Role;
  ttlDays: number;
  twoFactorRequired: boolean;
}) {
  // Rows that unmount on success (removed, withdrawn) leave their toast to the screen.
  useActionToast(useFetcher<TeamActionResult>({ key: "team-remove" }).data);
  useActionToast(useFetcher<TeamActionResult>({ key: "team-revoke" }).data);
  return (
    <>
      <AdminPageHeader title="Team" description="Who can sign in to the back office, and what each may do" />
      <InviteForm ttlDays={ttlDays} />
      <Card className="mb-6">
        <CardHeader className="border-b border-slate-200">
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <ul className="divide-y divide-slate-200" aria-label="Members">
          {members.map((member) => (
            <MemberRow key={member.userId} member={member} me={me} />
          ))}
        </ul>
      </Card>
      <Card className="mb-6">
        <CardHeader className="border-b border-slate-200">
          <CardTitle>Pending invitations</CardTitle>
        </CardHeader>
        {invitations.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">No invitations waiting to be accepted.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </Card>
      {myRole === "owner" ? <RequireTwoFactor required={twoFactorRequired} /> : null}
    </>
  );
}

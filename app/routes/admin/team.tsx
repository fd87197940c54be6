// /admin/team: the members (role, last sign-in, two-factor), the invitations not yet accepted, and the team's
// changes — invite, send again, revoke, change a role, remove — for owners and administrators (team.manage). The
// rules (the owner stays, the team keeps someone who can manage it, a role change carries the member's version the
// screen loaded) are the model's (app/models/team.server.ts).
import { data } from "react-router";
import { z } from "zod";
import { memberActor, requireCan } from "~/auth/permissions.server";
import { isRole, ROLES } from "~/auth/roles";
import { TeamScreen } from "~/components/admin/team-screen";
import { logger } from "~/infra/logger.server";
import { adminTitle } from "~/lib/brand";
import { done, formValues, refuse } from "~/lib/forms";
import type { TeamActionResult } from "~/lib/team";
import {
  changeMemberRole,
  INVITATION_TTL_DAYS,
  listTeam,
  removeMember,
  setTwoFactorRequired,
  TeamConflictError,
  TeamRuleError,
  twoFactorRequired,
} from "~/models/team.server";
import {
  type InvitationSent,
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from "~/models/team-invitations.server";
import type { Route } from "./+types/team";

export function meta() {
  return [{ title: adminTitle("Team") }];
}

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireCan(args, "team.manage");
  const [team, required] = await Promise.all([listTeam(), twoFactorRequired()]);
  return {
    ...team,
    me: admin.userId,
    myRole: admin.role,
    ttlDays: INVITATION_TTL_DAYS,
    twoFactorRequired: required,
  };
}

const inviteSchema = z.object({
  email: z.email("Enter a valid email address").max(255),
  role: z.enum(ROLES, "Choose a role"),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sentAnswer(intent: string, sent: InvitationSent, message: string) {
  return data<TeamActionResult>({
    ok: true,
    intent,
    toast: { type: "success", message },
    email: sent.email,
    link: sent.mailed ? undefined : sent.link,
  });
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireCan(args, "team.manage");
  const form = await args.request.formData();
  const { intent = "", id = "", ...values } = formValues(form);
  const who = memberActor(admin, args);
  const actor = { userId: admin.userId, role: admin.role, name: admin.name, twoFactor: admin.twoFactor };
  try {
    if (intent === "invite") {
      const parsed = inviteSchema.safeParse({ email: values.email?.trim(), role: values.role });
      if (!parsed.success) {
        const fieldErrors = Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), i.message]),
        );
        return refuse("Check the invitation", { intent, fieldErrors, values });
      }
      const sent = await inviteMember(parsed.data, actor, who);
      return sentAnswer(intent, sent, sent.mailed ? `Invitation mailed to ${sent.email}` : "Invitation made");
    }
    if (intent === "require-two-factor") {
      const on = values.on === "true";
      await setTwoFactorRequired(on, actor, who);
      return done(
        on ? "Two-factor sign-in is now required of everyone" : "Two-factor sign-in is optional again",
        {
          intent,
        },
      );
    }
    if (!UUID.test(id)) return refuse("Unknown member or invitation", { intent });
    if (intent === "resend") {
      const sent = await resendInvitation(id, actor, who);
      return sentAnswer(
        intent,
        sent,
        sent.mailed ? `Invitation mailed again to ${sent.email}` : "New link made",
      );
    }
    if (intent === "revoke") {
      const email = await revokeInvitation(id, actor, who);
      return done(`Invitation for ${email} withdrawn`, { intent });
    }
    if (intent === "role") {
      if (!isRole(values.role)) return refuse("Choose a role", { intent });
      // The member's version the screen loaded: a change made meanwhile by someone else is not overwritten.
      await changeMemberRole(id, values.role, actor, who, values.base || undefined);
      return done("Role changed", { intent });
    }
    if (intent === "remove") {
      await removeMember(id, actor, who);
      return done("Member removed; their sessions have ended", { intent });
    }
    return refuse("Unknown action", { intent });
  } catch (error) {
    if (error instanceof TeamConflictError) {
      return refuse(error.message, { intent, values, conflict: error.conflict }, error.status);
    }
    if (error instanceof TeamRuleError) return refuse(error.message, { intent, values }, error.status);
    logger.error({ err: error, intent }, "team change failed");
    return refuse("The change could not be saved. Try again.", { intent, values }, 500);
  }
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} />;
}

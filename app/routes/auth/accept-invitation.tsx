// /admin-auth/join/:token: a person invited to the team chooses their name and password and is signed in. A link
// that is unknown, expired, revoked or already used is refused with a message that says which; attempts are
// limited per client address (app/auth/invitations.server.ts). The password follows the password policy (ADR 047),
// checked before the invitation is claimed, so a refused password leaves the link working.
import { data, Form, redirect, useNavigation } from "react-router";
import { acceptInvitation, countInvitationAttempt, invitationWait } from "~/auth/invitations.server";
import { newPasswordProblem } from "~/auth/password-policy.server";
import { ROLE_LABELS } from "~/auth/roles";
import { rateLimitMessage } from "~/auth/throttle.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { flashCookie } from "~/infra/flash.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { acceptInvitationSchema, MEMBER_NAME_MAX_LENGTH } from "~/lib/auth-schemas";
import { type ActionResult, formValues, invalid, parseForm } from "~/lib/forms";
import { noStoreHeaders } from "~/lib/no-store";
import { invitationByToken, invitationRefusal } from "~/models/team-invitations.server";
import { AuthCard, BackToSignIn, NewPasswordFields } from "~/routes/support/auth-card";
import type { Route } from "./+types/accept-invitation";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { ip } = requestInfo(context);
  const wait = await invitationWait(ip);
  if (wait > 0) {
    return data({ ok: false as const, message: rateLimitMessage(wait) }, { status: 429, headers: NO_STORE });
  }
  const opened = await invitationByToken(params.token);
  if (opened.state !== "valid") {
    await countInvitationAttempt(ip);
    return data(
      { ok: false as const, message: invitationRefusal(opened.state) },
      { status: 410, headers: NO_STORE },
    );
  }
  return data(
    { ok: true as const, email: opened.email, role: ROLE_LABELS[opened.role] },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { name = "" } = formValues(form);
  const parsed = parseForm(acceptInvitationSchema, form);
  if (!parsed.ok) return invalid({ fieldErrors: parsed.fieldErrors, values: { name } });
  const problem = await newPasswordProblem(parsed.data.password);
  if (problem) return invalid({ fieldErrors: { password: problem }, values: { name } });
  const { ip } = requestInfo(context);
  const outcome = await acceptInvitation(
    request,
    params.token,
    { name: parsed.data.name, password: parsed.data.password },
    { ...auditContext(null, request, ip), ip },
  );
  if (outcome.kind === "granted") {
    const headers = new Headers(NO_STORE);
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    headers.append(
      "Set-Cookie",
      await flashCookie({ type: "success", message: `Welcome to the team, ${parsed.data.name}` }),
    );
    return redirect("/admin", { headers });
  }
  // The account exists now; only the sign-in step did not complete (e.g. throttled): the sign-in page does the rest.
  if (outcome.kind === "two-factor" || outcome.kind === "error") return redirect("/admin-auth");
  return invalid<Record<string, string>>(
    { fieldErrors: { form: outcome.message }, values: { name } },
    outcome.status,
  );
}

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Join the team · Asimov" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData as ActionResult | undefined;
  const errors = result?.fieldErrors ?? {};
  if (!loaderData.ok) {
    return (
      <AuthCard title="Join the team">
        <p role="alert" className="text-sm text-slate-700">
          {loaderData.message}
        </p>
        <BackToSignIn />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join the team">
      <p className="mb-4 text-sm text-slate-700">
        You are invited as <strong>{loaderData.role}</strong> with the address{" "}
        <strong className="break-all">{loaderData.email}</strong>. Choose the name your team will see and a
        password.
      </p>
      {errors.form ? (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {errors.form}
        </div>
      ) : null}
      <Form method="post" className="space-y-4">
        <TextField
          id="name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={MEMBER_NAME_MAX_LENGTH}
          defaultValue={result?.values?.name ?? ""}
          error={errors.name}
        />
        <NewPasswordFields label="Password" repeatLabel="Repeat the password" errors={errors} />
        <Button type="submit" className="w-full" disabled={busy}>
          Join and sign in
        </Button>
      </Form>
    </AuthCard>
  );
}

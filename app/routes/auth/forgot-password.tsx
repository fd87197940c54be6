// /admin-auth/forgot: asks for a password-reset link by email. Offered only when SMTP is configured; the answer
// is the same whether or not the email is a member's, so it reveals nothing. While ADMIN_PASSWORD sets the owner's
// password, the page says so and no link is sent to the owner (the next start would undo the reset); other members
// get theirs.
import { data, Form, useNavigation } from "react-router";
import { passwordManagedByEnv, passwordResetByEmailAvailable } from "~/auth/password-reset.server";
import { callAuthEndpoint } from "~/auth/sign-in.server";
import { rateLimitMessage } from "~/auth/throttle.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { forgotPasswordSchema, OWNER_PASSWORD_MANAGED_MESSAGE } from "~/lib/auth-schemas";
import { type ActionResult, invalid, parseForm } from "~/lib/forms";
import { noStoreHeaders } from "~/lib/no-store";
import { AuthCard, BackToSignIn } from "~/routes/support/auth-card";
import type { Route } from "./+types/forgot-password";

const RESET_SENT_MESSAGE =
  "If that email belongs to a member of the team, a reset link is on its way. It works once, for 30 minutes.";

export function loader() {
  return { available: passwordResetByEmailAvailable(), managed: passwordManagedByEnv() };
}

/** Every refusal of this form is about the email field: the message shows under it. */
const refuseEmail = (message: string, email: string, status: number) =>
  invalid({ fieldErrors: { email: message }, values: { email } }, status);

export async function action({ request }: Route.ActionArgs) {
  if (!passwordResetByEmailAvailable())
    return refuseEmail("Password reset by email is not configured.", "", 404);
  const parsed = parseForm(forgotPasswordSchema, {
    email: String((await request.formData()).get("email") ?? "").trim(),
  });
  if (!parsed.ok)
    return refuseEmail(parsed.fieldErrors.email ?? "Invalid email", parsed.values.email ?? "", 400);
  const result = await callAuthEndpoint(request, "/request-password-reset", { email: parsed.data.email });
  if (result.status === 429) return refuseEmail(rateLimitMessage(result.retryAfter), parsed.data.email, 429);
  return data<ActionResult>({ ok: true });
}

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Reset password · Asimov" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Reset your password">
      {loaderData.managed ? (
        <p className="mb-4 text-sm text-slate-700">{OWNER_PASSWORD_MANAGED_MESSAGE}</p>
      ) : null}
      {!loaderData.available ? (
        <p className="text-sm text-slate-700">
          Password reset by email is not configured. Ask the server operator to run{" "}
          <code className="rounded bg-slate-100 px-1">npm run admin -- set-password</code>.
        </p>
      ) : actionData?.ok ? (
        <p role="status" className="text-sm text-slate-700">
          {RESET_SENT_MESSAGE}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <TextField
            id="email"
            name="email"
            label="Your email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.values?.email}
            error={actionData?.fieldErrors?.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

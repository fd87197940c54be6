// /admin-auth/reset?token=…: chooses a new password with the single-use, expiring token from the reset email.
// better-auth checks and consumes the token and ends every existing session. The new password follows the password
// policy (at least 10 characters, not a common one: ADR 047). The owner's token is refused while ADMIN_PASSWORD sets
// that password (the next start would undo the reset); other members reset as usual.
import { Form, redirect, useNavigation } from "react-router";
import { newPasswordProblem, PASSWORD_POLICY_CODE } from "~/auth/password-policy.server";
import { resetTokenRefused } from "~/auth/password-reset.server";
import { callAuthEndpoint } from "~/auth/sign-in.server";
import { rateLimitMessage } from "~/auth/throttle.server";
import { Button } from "~/components/ui/button";
import { flashCookie } from "~/infra/flash.server";
import { PASSWORD_MANAGED_MESSAGE, resetPasswordSchema } from "~/lib/auth-schemas";
import { invalid, parseForm } from "~/lib/forms";
import { noStoreHeaders } from "~/lib/no-store";
import { AuthCard, BackToSignIn, NewPasswordFields } from "~/routes/support/auth-card";
import type { Route } from "./+types/reset-password";

const INVALID_LINK_MESSAGE = "This reset link is invalid or has expired. Ask for a new one.";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, managed: token !== "" && (await resetTokenRefused(token)) };
}

/** A refusal that belongs to the whole form (expired link, rate limit, managed password): shown above it. */
const refuseForm = (message: string, status = 400) => invalid({ fieldErrors: { form: message } }, status);

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token");
  if (typeof token === "string" && token && (await resetTokenRefused(token)))
    return refuseForm(PASSWORD_MANAGED_MESSAGE, 409);
  const parsed = parseForm(resetPasswordSchema, form);
  if (!parsed.ok) {
    // One message at a time, as before: a bad token outranks the password fields.
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? ["form", undefined];
    if (field === "token" || field === "form") return refuseForm(INVALID_LINK_MESSAGE);
    return invalid({ fieldErrors: { [field]: message ?? "Invalid input" } });
  }
  const problem = await newPasswordProblem(parsed.data.password);
  if (problem) return invalid({ fieldErrors: { password: problem } });
  const result = await callAuthEndpoint(request, "/reset-password", {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (result.status === 429) return refuseForm(rateLimitMessage(result.retryAfter), 429);
  const refusal = result.json as { code?: string; message?: string } | null;
  if (refusal?.code === PASSWORD_POLICY_CODE && refusal.message) {
    return invalid({ fieldErrors: { password: refusal.message } });
  }
  if (result.status !== 200) return refuseForm(INVALID_LINK_MESSAGE);
  return redirect("/admin-auth", {
    headers: {
      "Set-Cookie": await flashCookie({
        type: "success",
        message: "Password changed. Sign in with your new password.",
      }),
    },
  });
}

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Choose a new password · Asimov" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard title="Choose a new password">
      {errors.form ? (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {errors.form}
        </div>
      ) : null}
      {loaderData.managed ? (
        <p role="status" className="text-sm text-slate-700">
          {PASSWORD_MANAGED_MESSAGE}
        </p>
      ) : loaderData.token ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields label="New password" repeatLabel="Repeat the new password" errors={errors} />
          <Button type="submit" className="w-full" disabled={busy}>
            Set new password
          </Button>
        </Form>
      ) : (
        <p role="alert" className="text-sm text-slate-700">
          {INVALID_LINK_MESSAGE}
        </p>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

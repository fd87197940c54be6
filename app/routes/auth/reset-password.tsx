// /admin-auth/reset?token=…: chooses a new password with the single-use, expiring token from the reset email.
// better-auth checks and consumes the token and ends every existing session. Refused while ADMIN_PASSWORD sets
// the password (the next start would undo the reset).
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { passwordManagedByEnv } from "~/auth/password-reset.server";
import { callAuthEndpoint } from "~/auth/sign-in.server";
import { rateLimitMessage } from "~/auth/throttle.server";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MANAGED_MESSAGE, resetPasswordSchema } from "~/lib/auth-schemas";
import { flashCookie } from "~/lib/flash.server";
import { noStoreHeaders } from "~/lib/no-store";
import type { Route } from "./+types/reset-password";
import { AuthCard } from "./auth-card";

export const INVALID_LINK_MESSAGE = "This reset link is invalid or has expired. Ask for a new one.";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "", managed: passwordManagedByEnv() };
}

export async function action({ request }: Route.ActionArgs) {
  if (passwordManagedByEnv()) {
    return data({ errors: { form: PASSWORD_MANAGED_MESSAGE } as Record<string, string> }, { status: 409 });
  }
  const form = await request.formData();
  const parsed = resetPasswordSchema.safeParse({
    token: String(form.get("token") ?? ""),
    password: String(form.get("password") ?? ""),
    confirm: String(form.get("confirm") ?? ""),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "token" ? "form" : String(issue?.path[0] ?? "form");
    const message = field === "form" ? INVALID_LINK_MESSAGE : (issue?.message ?? "Invalid input");
    return data({ errors: { [field]: message } as Record<string, string> }, { status: 400 });
  }
  const result = await callAuthEndpoint(request, "/reset-password", {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (result.status === 429) {
    return data({ errors: { form: rateLimitMessage(result.retryAfter) } }, { status: 429 });
  }
  if (result.status !== 200) {
    return data({ errors: { form: INVALID_LINK_MESSAGE } }, { status: 400 });
  }
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
  const errors = (actionData?.errors ?? {}) as Record<string, string | undefined>;
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
          <div>
            <Label htmlFor="password">New password</Label>
            <Input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={ADMIN_PASSWORD_MIN_LENGTH}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "password-error" : undefined}
            />
            <FieldError id="password-error">{errors.password}</FieldError>
          </div>
          <div>
            <Label htmlFor="confirm">Repeat the new password</Label>
            <Input
              id="confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? "confirm-error" : undefined}
            />
            <FieldError id="confirm-error">{errors.confirm}</FieldError>
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            Set new password
          </Button>
        </Form>
      ) : (
        <p role="alert" className="text-sm text-slate-700">
          {INVALID_LINK_MESSAGE}
        </p>
      )}
      <p className="mt-5 text-center text-sm">
        <Link to="/admin-auth" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

// /admin-auth: the administrator's sign-in (docs/product.md, Admin sign-in).
// Everything happens in the action on the server, so it works without JavaScript; the admin email is never sent
// to a browser that is not signed in as the administrator.
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ADMIN_DENIED_MESSAGE, checkAdmin, clearedSessionCookies, isAdminRefusal } from "~/auth/guard.server";
import { passwordResetOffered } from "~/auth/password-reset.server";
import {
  AUTH_MESSAGES,
  clearedTwoFactorCookie,
  signInAdmin,
  twoFactorCookieName,
  verifyAdminSecondFactor,
} from "~/auth/sign-in.server";
import { CodeField } from "~/components/admin/two-factor-forms";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Field, TextField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ToastMessage } from "~/components/ui/toaster";
import { flashCookie, readFlash } from "~/infra/flash.server";
import { ADMIN_PASSWORD_MIN_LENGTH, secondFactorSchema, signInSchema } from "~/lib/auth-schemas";
import { type ActionResult, parseForm } from "~/lib/forms";
import { cn } from "~/lib/utils";
import { AuthCard } from "~/routes/support/auth-card";
import type { Route } from "./+types/admin-auth";

const NO_STORE = { "Cache-Control": "private, no-store" };

function withCookies(cookies: string[], extra: Record<string, string> = {}) {
  const headers = new Headers({ ...NO_STORE, ...extra });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookies: string[] = [];
  const { flash, clear } = await readFlash(request);
  if (clear) cookies.push(clear);
  let notice: ToastMessage | null = flash;

  const denied = url.searchParams.get("denied");
  if (!notice && isAdminRefusal(denied)) {
    notice = { type: "error", message: ADMIN_DENIED_MESSAGE };
  }

  const check = await checkAdmin(request);
  if (check.ok) {
    return data(
      { state: "signed-in" as const, email: check.admin.email, notice, resetAvailable: false },
      { headers: withCookies(cookies) },
    );
  }
  if (check.reason !== "signed-out") {
    // A session that is not the active administrator's was revoked by checkAdmin; drop its cookies too.
    cookies.push(...(await clearedSessionCookies()));
    notice ??= { type: "error", message: AUTH_MESSAGES.onlyAdmin };
  }
  const cookieHeader = request.headers.get("cookie") ?? "";
  const pendingTwoFactor = cookieHeader.includes(`${await twoFactorCookieName()}=`);
  return data(
    {
      state: pendingTwoFactor ? ("two-factor" as const) : ("sign-in" as const),
      email: null,
      notice,
      resetAvailable: passwordResetOffered(),
    },
    { headers: withCookies(cookies) },
  );
}

/** The one ActionResult, plus which step the page shows next; the toast shows as the card's notice. */
type SignInResult = Omit<ActionResult<{ email?: string }>, "ok"> & { step: "sign-in" | "two-factor" };

const answer = (result: SignInResult, init: ResponseInit = { headers: NO_STORE }) =>
  data<SignInResult & { ok: boolean }>({ ...result, ok: !result.toast && !result.fieldErrors }, init);

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "sign-in");

  if (intent === "cancel-two-factor") {
    return redirect("/admin-auth", { headers: withCookies([await clearedTwoFactorCookie()]) });
  }

  if (intent === "verify") {
    const parsed = parseForm(secondFactorSchema, {
      method: String(form.get("method") ?? ""),
      code: String(form.get("code") ?? ""),
    });
    if (!parsed.ok) {
      return answer(
        { step: "two-factor", fieldErrors: { code: "Enter the code" } },
        { status: 400, headers: NO_STORE },
      );
    }
    const outcome = await verifyAdminSecondFactor(request, parsed.data);
    return respond(outcome, "two-factor");
  }

  const email = String(form.get("email") ?? "").trim();
  const parsed = parseForm(signInSchema, { email, password: String(form.get("password") ?? "") });
  if (!parsed.ok) {
    // The password never travels back to the page.
    return answer(
      { step: "sign-in", values: { email }, fieldErrors: parsed.fieldErrors },
      { status: 400, headers: NO_STORE },
    );
  }
  const outcome = await signInAdmin(request, parsed.data);
  return respond(outcome, "sign-in", parsed.data.email);
}

async function respond(
  outcome: Awaited<ReturnType<typeof signInAdmin>>,
  step: SignInResult["step"],
  email?: string,
) {
  if (outcome.kind === "granted") {
    const flash = await flashCookie({ type: "success", message: outcome.message });
    return redirect("/admin", { headers: withCookies([...outcome.setCookies, flash]) });
  }
  if (outcome.kind === "two-factor") {
    return answer({ step: "two-factor" }, { headers: withCookies(outcome.setCookies) });
  }
  // A two-factor challenge that expired sends the user back to the password step.
  const nextStep = outcome.message === AUTH_MESSAGES.codeExpired ? "sign-in" : step;
  const extra = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
  return answer(
    { step: nextStep, values: { email }, toast: { type: "error", message: outcome.message } },
    { status: outcome.status, headers: withCookies(outcome.setCookies, extra) },
  );
}

export function meta() {
  return [{ title: "Admin Sign In · Asimov" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  // A route's headers() decides the document's headers: pass the action's Retry-After on with a 429.
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

function Notice({ notice }: { notice: ToastMessage | null | undefined }) {
  if (!notice) return null;
  const isError = notice.type === "error";
  return (
    <div
      role={isError ? "alert" : "status"}
      data-testid="auth-notice"
      className={cn(
        "mb-5 rounded-lg border px-4 py-3 text-sm font-medium",
        isError
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-emerald-200 bg-emerald-50 text-emerald-800",
      )}
    >
      {notice.message}
    </div>
  );
}

function PasswordField({ error }: { error?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id="password" label="Password" error={error}>
      {(aria) => (
        <div className="relative">
          <Input
            {...aria}
            name="password"
            type={visible ? "text" : "password"}
            autoComplete="current-password"
            required
            minLength={ADMIN_PASSWORD_MIN_LENGTH}
            maxLength={256}
            className="pr-12"
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls="password"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            <span className="sr-only">{visible ? "Hide password" : "Show password"}</span>
          </button>
        </div>
      )}
    </Field>
  );
}

function SignInForm({ result, resetAvailable }: { result?: SignInResult; resetAvailable: boolean }) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.fieldErrors;
  return (
    <Form method="post" className="space-y-4" noValidate={false}>
      <input type="hidden" name="intent" value="sign-in" />
      <TextField
        id="email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        maxLength={255}
        defaultValue={result?.values?.email ?? ""}
        error={errors?.email}
      />
      <PasswordField error={errors?.password} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
      {resetAvailable ? (
        <p className="text-center text-sm">
          <Link
            to="/admin-auth/forgot"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

function TwoFactorForm({ result }: { result?: SignInResult }) {
  const busy = useNavigation().state === "submitting";
  const codeError = result?.fieldErrors?.code;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        Enter the 6-digit code from your authenticator app to finish signing in.
      </p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="method" value="totp" />
        <CodeField pattern="[0-9 ]{6,7}" autoFocus error={codeError} />
        <Button type="submit" className="w-full" disabled={busy}>
          Verify
        </Button>
      </Form>
      <details className="rounded-lg border border-slate-200 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">Use a recovery code instead</summary>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="method" value="recovery" />
          <TextField id="recovery-code" name="code" label="Recovery code" autoComplete="off" required />
          <Button type="submit" variant="outline" className="w-full" disabled={busy}>
            Use recovery code
          </Button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel-two-factor" />
        <Button type="submit" variant="link" className="w-full">
          Start over
        </Button>
      </Form>
    </div>
  );
}

export default function AdminAuth({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SignInResult | undefined;
  const notice = result?.toast ?? (result ? null : loaderData.notice);
  const step = loaderData.state === "signed-in" ? "signed-in" : (result?.step ?? loaderData.state);
  const title =
    step === "signed-in"
      ? "Signed In"
      : step === "two-factor"
        ? "Two-factor authentication"
        : "Admin Sign In";

  return (
    <AuthCard title={title}>
      <Notice notice={notice} />
      {step === "signed-in" ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            You are signed in as <strong className="font-semibold">{loaderData.email}</strong>.
          </p>
          <Link to="/admin" className={cn(buttonVariants(), "w-full")}>
            Go to Dashboard
          </Link>
          <Form method="post" action="/admin-auth/sign-out">
            <Button type="submit" variant="outline" className="w-full">
              Sign Out
            </Button>
          </Form>
          <p className="text-center text-sm">
            <Link
              to="/admin/security"
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              Two-factor sign-in settings
            </Link>
          </p>
        </div>
      ) : step === "two-factor" ? (
        <TwoFactorForm result={result} />
      ) : (
        <SignInForm result={result} resetAvailable={loaderData.resetAvailable} />
      )}
    </AuthCard>
  );
}

// /admin/security: two-factor sign-in for the administrator. Enable (password, then scan the QR code or type the
// key, save the single-use recovery codes, confirm with a code), or disable (password). Below, the signed-in
// sessions, with signing out one other session or all others. Works without JavaScript.
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { renderSVG } from "uqr";
import { z } from "zod";
import { adminFor } from "~/auth/admin-context.server";
import { callAuthEndpoint, isTwoFactorEnabled } from "~/auth/sign-in.server";
import { rateLimitMessage } from "~/auth/throttle.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { type SessionConfirmation, SessionList } from "~/components/admin/session-list";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { showToast, type ToastMessage, useActionToast } from "~/components/ui/toaster";
import { adminTitle } from "~/lib/brand";
import { flashCookie, readFlash } from "~/lib/flash.server";
import {
  listAdminSessions,
  revokeAdminSession,
  revokeOtherAdminSessions,
  SESSION_MESSAGES,
} from "~/models/admin-sessions.server";
import type { Route } from "./+types/security";

export const SECURITY_MESSAGES = {
  enabled: "Two-factor authentication enabled",
  disabled: "Two-factor authentication disabled",
  wrongPassword: "Incorrect password",
  invalidCode: "Invalid code. Check your authenticator app and try again.",
  failed: "Could not update two-factor authentication. Please try again.",
} as const;

const passwordSchema = z.object({ password: z.string().min(1, "Enter your password").max(256) });
const confirmSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code")),
  totpURI: z.string().startsWith("otpauth://totp/").max(1000),
  backupCodes: z.string().max(2000),
});

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await adminFor({ request, context });
  const { flash, clear } = readFlash(request);
  return data(
    {
      enabled: await isTwoFactorEnabled(admin.userId),
      sessions: await listAdminSessions(request, admin),
      flash,
    },
    { headers: clear ? { ...NO_STORE, "Set-Cookie": clear } : NO_STORE },
  );
}

interface Enrolment {
  totpURI: string;
  secret: string;
  qr: string;
  backupCodes: string[];
}

type ActionData =
  | { stage: "confirm"; enrolment: Enrolment; errors?: { code?: string }; toast?: ToastMessage }
  | { stage: "form"; intent: "enable" | "disable"; errors: { password?: string }; toast?: ToastMessage }
  | { stage: "sessions"; confirmation?: SessionConfirmation; error?: string; toast?: ToastMessage };

function enrolmentOf(totpURI: string, backupCodes: string[]): Enrolment {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const svg = renderSVG(totpURI, { border: 2, pixelSize: 6 });
  return {
    totpURI,
    secret,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    backupCodes,
  };
}

function redirectWith(cookies: string[], toast: ToastMessage) {
  const headers = new Headers(NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(toast));
  return redirect("/admin/security", { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await adminFor({ request, context });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent.endsWith("revoke-session") || intent.endsWith("revoke-others")) {
    const sessionId = String(form.get("sessionId") ?? "").slice(0, 100);
    // Without JavaScript, the first press asks for confirmation on the page (the dialog's job otherwise).
    if (intent === "ask-revoke-others") {
      return data<ActionData>(
        { stage: "sessions", confirmation: { scope: "others" } },
        { headers: NO_STORE },
      );
    }
    if (intent === "ask-revoke-session") {
      const session = (await listAdminSessions(request, admin))?.find((s) => s.id === sessionId);
      if (!session) {
        return data<ActionData>(
          { stage: "sessions", error: SESSION_MESSAGES.notFound },
          { status: 404, headers: NO_STORE },
        );
      }
      const device = `${session.device}${session.ip ? ` (${session.ip})` : ""}`;
      return data<ActionData>(
        { stage: "sessions", confirmation: { scope: "one", id: session.id, device } },
        { headers: NO_STORE },
      );
    }
    const result =
      intent === "revoke-others"
        ? await revokeOtherAdminSessions(request, admin)
        : intent === "revoke-session"
          ? await revokeAdminSession(request, admin, sessionId)
          : null;
    if (!result) return data({ error: "Unknown action" }, { status: 400 });
    if (result.ok) return redirectWith([], { type: "success", message: result.message });
    return data<ActionData>(
      { stage: "sessions", error: result.message, toast: { type: "error", message: result.message } },
      { status: result.status, headers: NO_STORE },
    );
  }

  if (intent === "enable" || intent === "disable") {
    const parsed = passwordSchema.safeParse({ password: form.get("password") ?? "" });
    if (!parsed.success) {
      return data<ActionData>(
        { stage: "form", intent, errors: { password: "Enter your password" } },
        { status: 400, headers: NO_STORE },
      );
    }
    const path = intent === "enable" ? "/two-factor/enable" : "/two-factor/disable";
    const result = await callAuthEndpoint(request, path, { password: parsed.data.password });
    if (result.status === 429) {
      return data<ActionData>(
        { stage: "form", intent, errors: { password: rateLimitMessage(result.retryAfter) } },
        { status: 429, headers: NO_STORE },
      );
    }
    if (result.status !== 200) {
      const wrongPassword = (result.json as { code?: string } | null)?.code === "INVALID_PASSWORD";
      const message = wrongPassword ? SECURITY_MESSAGES.wrongPassword : SECURITY_MESSAGES.failed;
      return data<ActionData>(
        { stage: "form", intent, errors: { password: message }, toast: { type: "error", message } },
        { status: 400, headers: NO_STORE },
      );
    }
    if (intent === "disable") {
      // better-auth rotates the session when 2FA changes: pass the new cookie on, then reload the page.
      return redirectWith(result.setCookies, { type: "success", message: SECURITY_MESSAGES.disabled });
    }
    const { totpURI, backupCodes } = result.json as { totpURI: string; backupCodes: string[] };
    return data<ActionData>(
      { stage: "confirm", enrolment: enrolmentOf(totpURI, backupCodes) },
      { headers: NO_STORE },
    );
  }

  if (intent === "confirm") {
    const parsed = confirmSchema.safeParse({
      code: form.get("code") ?? "",
      totpURI: form.get("totpURI") ?? "",
      backupCodes: form.get("backupCodes") ?? "",
    });
    const totpURI = String(form.get("totpURI") ?? "");
    const backupCodes = String(form.get("backupCodes") ?? "")
      .split(/\s+/)
      .filter(Boolean);
    if (!totpURI.startsWith("otpauth://totp/")) {
      return data({ error: "Start again: enter your password to enable two-factor." }, { status: 400 });
    }
    if (!parsed.success) {
      return data<ActionData>(
        {
          stage: "confirm",
          enrolment: enrolmentOf(totpURI, backupCodes),
          errors: { code: "Enter the 6-digit code" },
        },
        { status: 400, headers: NO_STORE },
      );
    }
    const result = await callAuthEndpoint(request, "/two-factor/verify-totp", { code: parsed.data.code });
    if (result.status !== 200) {
      const message =
        result.status === 429 ? rateLimitMessage(result.retryAfter) : SECURITY_MESSAGES.invalidCode;
      return data<ActionData>(
        { stage: "confirm", enrolment: enrolmentOf(totpURI, backupCodes), errors: { code: message } },
        { status: result.status === 429 ? 429 : 400, headers: NO_STORE },
      );
    }
    return redirectWith(result.setCookies, { type: "success", message: SECURITY_MESSAGES.enabled });
  }

  return data({ error: "Unknown action" }, { status: 400 });
}

export function meta() {
  return [{ title: adminTitle("Security") }, { name: "robots", content: "noindex, nofollow" }];
}

function PasswordForm({
  intent,
  error,
  label,
  variant,
}: {
  intent: "enable" | "disable";
  error?: string;
  label: string;
  variant: "default" | "destructive";
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="max-w-sm space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <div>
        <Label htmlFor={`${intent}-password`}>Your password</Label>
        <Input
          id={`${intent}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${intent}-password-error` : undefined}
        />
        <FieldError id={`${intent}-password-error`}>{error}</FieldError>
      </div>
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

function ConfirmEnrolment({ enrolment, error }: { enrolment: Enrolment; error?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-6 pl-5 text-sm text-slate-700">
        <li>
          <p className="mb-3">
            Scan this QR code with your authenticator app (1Password, Google Authenticator, Authy…).
          </p>
          <img
            src={enrolment.qr}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded-lg border border-slate-200 bg-white p-1"
          />
          <p className="mt-3">Or enter this key by hand:</p>
          <code
            data-testid="totp-secret"
            className="mt-1 inline-block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
          >
            {enrolment.secret}
          </code>
        </li>
        <li>
          <p className="mb-2">
            Save these recovery codes somewhere safe. Each one works once, if you lose your authenticator.
          </p>
          <ul
            data-testid="recovery-codes"
            className="grid max-w-sm grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900"
          >
            {enrolment.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
        <li>
          <p className="mb-2">Enter the 6-digit code your app shows to finish.</p>
          <Form method="post" className="max-w-sm space-y-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="totpURI" value={enrolment.totpURI} />
            <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(" ")} />
            <div>
              <Label htmlFor="code">Authentication code</Label>
              <Input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "code-error" : undefined}
              />
              <FieldError id="code-error">{error}</FieldError>
            </div>
            <Button type="submit" disabled={busy}>
              Confirm and enable
            </Button>
          </Form>
        </li>
      </ol>
    </div>
  );
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  const { flash } = loaderData;
  useEffect(() => {
    if (!flash) return;
    // Deferred one tick: on a full page load the root's <Toaster/> subscribes after this effect runs.
    const timer = setTimeout(() => showToast(flash), 0);
    return () => clearTimeout(timer);
  }, [flash]);
  useActionToast(result && "toast" in result ? result : undefined);
  const enabled = loaderData.enabled;

  return (
    <div>
      <AdminPageHeader
        title="Security"
        description="Protect the administrator account with a second factor, and see where it is signed in"
      />
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {enabled ? (
              <ShieldCheck className="size-5 text-emerald-700" aria-hidden />
            ) : (
              <ShieldOff className="size-5 text-slate-500" aria-hidden />
            )}
            Two-factor authentication
          </CardTitle>
          <p className="text-sm text-slate-600" data-testid="two-factor-status">
            {enabled
              ? "On: signing in asks for a code from your authenticator app."
              : "Off: signing in needs only your password."}
          </p>
        </CardHeader>
        <CardContent>
          {result?.stage === "confirm" && !enabled ? (
            <ConfirmEnrolment enrolment={result.enrolment} error={result.errors?.code} />
          ) : enabled ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">To turn two-factor sign-in off, confirm your password.</p>
              <PasswordForm
                intent="disable"
                label="Disable two-factor"
                variant="destructive"
                error={
                  result?.stage === "form" && result.intent === "disable" ? result.errors.password : undefined
                }
              />
            </div>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">
                Enter your password to set up an authenticator app. You will confirm with a code before it is
                switched on.
              </p>
              <PasswordForm
                intent="enable"
                label="Enable two-factor"
                variant="default"
                error={
                  result?.stage === "form" && result.intent === "enable" ? result.errors.password : undefined
                }
              />
            </div>
          )}
        </CardContent>
      </Card>
      <SessionList
        sessions={loaderData.sessions}
        confirmation={result?.stage === "sessions" ? result.confirmation : undefined}
        error={result?.stage === "sessions" ? result.error : undefined}
      />
    </div>
  );
}

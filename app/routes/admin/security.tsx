// /admin/security: two-factor sign-in for the administrator. Enable (password, then scan the QR code or type the
// key, save the single-use recovery codes, confirm with a code), or disable (password). Below, the signed-in
// sessions, with signing out one other session or all others. Works without JavaScript.
import { ShieldCheck, ShieldOff } from "lucide-react";
import { data, redirect } from "react-router";
import { renderSVG } from "uqr";
import { z } from "zod";
import {
  listAdminSessions,
  revokeAdminSession,
  revokeOtherAdminSessions,
  SESSION_MESSAGES,
} from "~/auth/admin-sessions.server";
import { requireCan } from "~/auth/permissions.server";
import { callAuthEndpoint } from "~/auth/sign-in.server";
import { rateLimitMessage } from "~/auth/throttle.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { useFlashToast } from "~/components/admin/flash-toast";
import { type SessionConfirmation, SessionList } from "~/components/admin/session-list";
import { ConfirmEnrolment, type Enrolment, PasswordForm } from "~/components/admin/two-factor-forms";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { type ToastMessage, useActionToast } from "~/components/ui/toaster";
import { flashCookie, readFlash } from "~/infra/flash.server";
import { adminTitle } from "~/lib/brand";
import { type ActionResult, GONE_STATUS, parseForm, refuse } from "~/lib/forms";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "~/lib/team";
import { isTwoFactorEnabled } from "~/models/admin-users.server";
import { twoFactorRequired } from "~/models/team.server";
import type { Route } from "./+types/security";

const SECURITY_MESSAGES = {
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
  const admin = await requireCan({ request, context }, "account.own");
  const { flash, clear } = await readFlash(request);
  const enabled = await isTwoFactorEnabled(admin.userId);
  return data(
    {
      enabled,
      // The owner requires two-factor of everyone: until it is on, this is the only screen that opens.
      required: !enabled && (await twoFactorRequired()),
      sessions: await listAdminSessions(request, admin),
      flash,
    },
    { headers: clear ? { ...NO_STORE, "Set-Cookie": clear } : NO_STORE },
  );
}

/** The one ActionResult, plus which part of the page answers (a sessions error shows as fieldErrors.form). */
type ActionData = Omit<ActionResult, "ok"> &
  (
    | { stage: "confirm"; enrolment: Enrolment }
    | { stage: "form"; intent: "enable" | "disable" }
    | { stage: "sessions"; confirmation?: SessionConfirmation }
  );

const answer = (result: ActionData, status = 200) =>
  data<ActionData & { ok: boolean }>({ ...result, ok: status < 400 }, { status, headers: NO_STORE });

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

async function redirectWith(cookies: string[], toast: ToastMessage) {
  const headers = new Headers(NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie(toast));
  return redirect("/admin/security", { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "account.own");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent.endsWith("revoke-session") || intent.endsWith("revoke-others")) {
    const sessionId = String(form.get("sessionId") ?? "").slice(0, 100);
    // Without JavaScript, the first press asks for confirmation on the page (the dialog's job otherwise).
    if (intent === "ask-revoke-others")
      return answer({ stage: "sessions", confirmation: { scope: "others" } });
    if (intent === "ask-revoke-session") {
      const session = (await listAdminSessions(request, admin))?.find((s) => s.id === sessionId);
      if (!session)
        return answer({ stage: "sessions", fieldErrors: { form: SESSION_MESSAGES.notFound } }, GONE_STATUS);
      const device = `${session.device}${session.ip ? ` (${session.ip})` : ""}`;
      return answer({ stage: "sessions", confirmation: { scope: "one", id: session.id, device } });
    }
    const result =
      intent === "revoke-others"
        ? await revokeOtherAdminSessions(request, admin)
        : intent === "revoke-session"
          ? await revokeAdminSession(request, admin, sessionId)
          : null;
    if (!result) return refuse("Unknown action");
    if (result.ok) return redirectWith([], { type: "success", message: result.message });
    const toast = { type: "error", message: result.message } as const;
    return answer({ stage: "sessions", fieldErrors: { form: result.message }, toast }, result.status);
  }

  if (intent === "enable" || intent === "disable") {
    const parsed = parseForm(passwordSchema, { password: String(form.get("password") ?? "") });
    if (!parsed.ok)
      return answer({ stage: "form", intent, fieldErrors: { password: "Enter your password" } }, 400);
    const path = intent === "enable" ? "/two-factor/enable" : "/two-factor/disable";
    const result = await callAuthEndpoint(request, path, { password: parsed.data.password });
    if (result.status === 429) {
      const fieldErrors = { password: rateLimitMessage(result.retryAfter) };
      return answer({ stage: "form", intent, fieldErrors }, 429);
    }
    if (result.status !== 200) {
      const wrongPassword = (result.json as { code?: string } | null)?.code === "INVALID_PASSWORD";
      const message = wrongPassword ? SECURITY_MESSAGES.wrongPassword : SECURITY_MESSAGES.failed;
      const toast = { type: "error", message } as const;
      return answer({ stage: "form", intent, fieldErrors: { password: message }, toast }, 400);
    }
    if (intent === "disable") {
      // better-auth rotates the session when 2FA changes: pass the new cookie on, then reload the page.
      return redirectWith(result.setCookies, { type: "success", message: SECURITY_MESSAGES.disabled });
    }
    const { totpURI, backupCodes } = result.json as { totpURI: string; backupCodes: string[] };
    return answer({ stage: "confirm", enrolment: enrolmentOf(totpURI, backupCodes) });
  }

  if (intent === "confirm") {
    const parsed = parseForm(confirmSchema, form);
    const totpURI = parsed.values.totpURI ?? "";
    const backupCodes = (parsed.values.backupCodes ?? "").split(/\s+/).filter(Boolean);
    if (!totpURI.startsWith("otpauth://totp/")) {
      return refuse("Start again: enter your password to enable two-factor.");
    }
    const enrolment = enrolmentOf(totpURI, backupCodes);
    if (!parsed.ok)
      return answer({ stage: "confirm", enrolment, fieldErrors: { code: "Enter the 6-digit code" } }, 400);
    const result = await callAuthEndpoint(request, "/two-factor/verify-totp", { code: parsed.data.code });
    if (result.status !== 200) {
      const limited = result.status === 429;
      const message = limited ? rateLimitMessage(result.retryAfter) : SECURITY_MESSAGES.invalidCode;
      return answer({ stage: "confirm", enrolment, fieldErrors: { code: message } }, limited ? 429 : 400);
    }
    return redirectWith(result.setCookies, { type: "success", message: SECURITY_MESSAGES.enabled });
  }

  return refuse("Unknown action");
}

export function meta() {
  return [{ title: adminTitle("Security") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  const { flash } = loaderData;
  useFlashToast(flash);
  useActionToast(result && "toast" in result ? result : undefined);
  const enabled = loaderData.enabled;

  return (
    <div>
      <AdminPageHeader
        title="Security"
        description="Protect your account with a second factor, and see where it is signed in"
      />
      {loaderData.required ? (
        <p
          role="alert"
          className="mb-6 max-w-3xl rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          {TWO_FACTOR_REQUIRED_MESSAGE}
        </p>
      ) : null}
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
            <ConfirmEnrolment enrolment={result.enrolment} error={result.fieldErrors?.code} />
          ) : enabled ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">To turn two-factor sign-in off, confirm your password.</p>
              <PasswordForm
                intent="disable"
                label="Disable two-factor"
                variant="destructive"
                error={
                  result?.stage === "form" && result.intent === "disable"
                    ? result.fieldErrors?.password
                    : undefined
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
                  result?.stage === "form" && result.intent === "enable"
                    ? result.fieldErrors?.password
                    : undefined
                }
              />
            </div>
          )}
        </CardContent>
      </Card>
      <SessionList
        sessions={loaderData.sessions}
        confirmation={result?.stage === "sessions" ? result.confirmation : undefined}
        error={result?.stage === "sessions" ? result.fieldErrors?.form : undefined}
      />
    </div>
  );
}

// The two-factor forms of /admin/security: the password step (enable or disable) and the enrolment's confirmation
// (QR code, hand-typed key, recovery codes, first code). Plain forms, so they work without JavaScript.
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

export interface Enrolment {
  totpURI: string;
  secret: string;
  qr: string;
  backupCodes: string[];
}

/** The authenticator's 6-digit code, at sign-in and when confirming the enrolment. */
export function CodeField({ error, ...input }: { error?: string } & React.ComponentProps<"input">) {
  return (
    <TextField
      id="code"
      name="code"
      label="Authentication code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      error={error}
      {...input}
    />
  );
}

export function PasswordForm({
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
      <TextField
        id={`${intent}-password`}
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        error={error}
      />
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export function ConfirmEnrolment({ enrolment, error }: { enrolment: Enrolment; error?: string }) {
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
            <CodeField error={error} />
            <Button type="submit" disabled={busy}>
              Confirm and enable
            </Button>
          </Form>
        </li>
      </ol>
    </div>
  );
}

// The centred card the auth pages share (sign-in, password reset). Not a route.
import { LockKeyhole } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "~/components/site/logo";
import { TextField } from "~/components/ui/field";
import { NEW_PASSWORD_HINT, NEW_PASSWORD_MIN_LENGTH } from "~/lib/auth-schemas";

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6 flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <LockKeyhole className="size-5" aria-hidden />
            </span>
            <div>
              <h1 className="text-xl font-bold text-slate-900">{title}</h1>
              <p className="text-sm text-slate-600">Asimov back office</p>
            </div>
          </div>
          {children}
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-slate-700 underline-offset-4 hover:underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}

/** The link back to the sign-in page under the password reset forms. */
export function BackToSignIn() {
  return (
    <p className="mt-5 text-center text-sm">
      <Link to="/admin-auth" className="font-medium text-brand-700 underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}

/**
 * A new password typed twice (reset, accepting an invitation): the `password` and `confirm` fields. The browser
 * holds a too-short password back; the server also refuses common ones (ADR 047).
 */
export function NewPasswordFields({
  label,
  repeatLabel,
  errors,
}: {
  label: string;
  repeatLabel: string;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <TextField
        id="password"
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={NEW_PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        error={errors.password}
      />
      <TextField
        id="confirm"
        name="confirm"
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
    </>
  );
}

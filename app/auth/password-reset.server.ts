// Password reset by email: when it is offered (SMTP configured; never for the owner while ADMIN_PASSWORD pins that
// password), how long
// a link works, and the mail that carries it. better-auth runs the flow itself (app/auth/instance.server.ts).
import { env } from "~/env.server";
import { escapeHtml, mailConfigured, sendMail } from "~/infra/mail.server";
import { resetTokenEmail } from "~/models/auth-store.server";

/** How long a password-reset link works (seconds). */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

/**
 * Whether the owner's password is managed by ADMIN_PASSWORD: the server applies it at every start, so a password
 * chosen through the reset flow would silently be undone at the next restart. The owner's reset is refused then;
 * the other members reset theirs as usual.
 */
export function passwordManagedByEnv(): boolean {
  return Boolean(env().adminPassword);
}

/** Whether a reset for this account must be refused: the owner's, while ADMIN_PASSWORD sets that password. */
export function resetRefusedFor(email: string | undefined): boolean {
  return (
    passwordManagedByEnv() && email !== undefined && email.toLowerCase() === env().adminEmail.toLowerCase()
  );
}

/** Whether a reset token belongs to an account whose reset is refused (a token issued before ADMIN_PASSWORD was set). */
export async function resetTokenRefused(token: string): Promise<boolean> {
  return passwordManagedByEnv() && resetRefusedFor(await resetTokenEmail(token));
}

/** Whether a member can be sent a password-reset link (SMTP configured). */
export function passwordResetByEmailAvailable(): boolean {
  return mailConfigured();
}

/**
 * Whether the sign-in page offers "Forgot your password?": a link can be sent. While ADMIN_PASSWORD sets the
 * owner's password the forgot page says so, and only the other members get links.
 */
export function passwordResetOffered(): boolean {
  return passwordResetByEmailAvailable();
}

export async function sendResetMail(brand: string, to: string, link: string) {
  await sendMail({
    to,
    subject: `Reset your ${brand} admin password`,
    text:
      `Someone (hopefully you) asked to reset the ${brand} administrator password.\n\n` +
      `Open this link within ${RESET_TOKEN_TTL_SECONDS / 60} minutes to choose a new password:\n${link}\n\n` +
      "The link works once. If you did not ask for it, ignore this email: your password stays the same.",
    html:
      `<p>Someone (hopefully you) asked to reset the ${brand} administrator password.</p>` +
      `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for ` +
      `${RESET_TOKEN_TTL_SECONDS / 60} minutes).</p>` +
      "<p>If you did not ask for it, ignore this email: your password stays the same.</p>",
  });
}

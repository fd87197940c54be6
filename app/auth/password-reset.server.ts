// Password reset by email: when it is offered (SMTP configured, password not pinned by ADMIN_PASSWORD), how long
// a link works, and the mail that carries it. better-auth runs the flow itself (app/auth/instance.server.ts).
import { env } from "~/env.server";
import { escapeHtml, mailConfigured, sendMail } from "~/lib/mail.server";

/** How long a password-reset link works (seconds). */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

/**
 * Whether the password is managed by ADMIN_PASSWORD: the server applies it at every start, so a password chosen
 * through the reset flow would silently be undone at the next restart. The reset flow is refused instead.
 */
export function passwordManagedByEnv(): boolean {
  return Boolean(env().adminPassword);
}

/** Whether the administrator can be sent a password-reset link (SMTP configured). */
export function passwordResetByEmailAvailable(): boolean {
  return mailConfigured();
}

/**
 * Whether the sign-in page offers "Forgot your password?": a link can be sent and the password is not managed by
 * ADMIN_PASSWORD (the reset pages refuse then, so offering the way there would only lead to a refusal).
 */
export function passwordResetOffered(): boolean {
  return passwordResetByEmailAvailable() && !passwordManagedByEnv();
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

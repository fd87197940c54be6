// Texts and answers of the team's rules shared by the server and the screens (browser-safe).
import { isRole, ROLE_LABELS } from "~/auth/roles";
import { formatDateTime } from "./dates";
import type { EditConflict } from "./edit-conflict";
import type { ActionResult } from "./forms";

/** What the inviter sees: the mail went out, or (no SMTP) the link to pass on, shown once. */
export type TeamActionResult = ActionResult & { link?: string; email?: string };

/** What a member without two-factor sign-in is told while the owner requires it of everyone. */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  "The owner requires two-factor sign-in: turn it on under Security before anything else.";

/**
 * Why a role change was refused: someone changed the member after the Team screen was loaded. Names who, when and
 * the role they have now; `member` is the member's name.
 */
export function roleConflictMessage(member: string, conflict: EditConflict): string {
  const role = isRole(conflict.theirs.role) ? ROLE_LABELS[conflict.theirs.role] : "another role";
  const who = conflict.savedBy ?? "The server (following ADMIN_EMAIL)";
  return `Not changed: ${who} gave ${member} the role ${role} at ${formatDateTime(conflict.version)}, after you opened this page. Choose again if you still want another role.`;
}

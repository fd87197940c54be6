// Texts and answers of the team's rules shared by the server and the screens (browser-safe).
import type { ActionResult } from "./forms";

/** What the inviter sees: the mail went out, or (no SMTP) the link to pass on, shown once. */
export type TeamActionResult = ActionResult & { link?: string; email?: string };

/** What a member without two-factor sign-in is told while the owner requires it of everyone. */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  "The owner requires two-factor sign-in: turn it on under Security before anything else.";

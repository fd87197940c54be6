// POST /admin-auth/sign-out: global sign-out (every session of the user ends, in every browser), cookies
// cleared, and always back to /admin-auth with 'Signed out successfully' or 'Error signing out'
// (docs/product.md, Admin sign-in).
import { redirect } from "react-router";
import { clearedSessionCookies } from "~/auth/guard.server";
import { AUTH_MESSAGES, clearedTwoFactorCookie, signOutEverywhere } from "~/auth/sign-in.server";
import { flashCookie } from "~/infra/flash.server";
import { logger } from "~/infra/logger.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  const ok = await signOutEverywhere(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  try {
    for (const cookie of await clearedSessionCookies()) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await clearedTwoFactorCookie());
  } catch (error) {
    logger.error({ err: error }, "could not build the cookie-clearing headers");
  }
  headers.append(
    "Set-Cookie",
    await flashCookie(
      ok
        ? { type: "success", message: AUTH_MESSAGES.signedOut }
        : { type: "error", message: AUTH_MESSAGES.signOutError },
    ),
  );
  return redirect("/admin-auth", { headers });
}

/** A GET (e.g. a typed URL) signs nobody out: sign-out is a POST so other sites cannot trigger it. */
export function loader() {
  return redirect("/admin-auth");
}

// Rolling sessions: better-auth extends a session used after its update age; this sends the renewed cookie with the
// admin pages that used it, so an administrator at work is not signed out mid-task. The path is compared as React
// Router routes it (letter case ignored), so every URL the admin guard serves renews: /ADMIN/contacts as well.
import type { NextFunction, Request, Response } from "express";
import { auth } from "~/auth/instance.server";
import { logger } from "~/infra/logger.server";
import { isBackOfficePath } from "~/lib/routed-path";

export async function renewAdminSession(req: Request, res: Response, next: NextFunction) {
  if (
    req.method !== "GET" ||
    !isBackOfficePath(req.originalUrl) ||
    !req.headers.cookie?.includes("session_token")
  ) {
    return next();
  }
  try {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(key, value);
    }
    const result = await auth().api.getSession({ headers, returnHeaders: true });
    for (const cookie of result.headers?.getSetCookie() ?? []) res.append("Set-Cookie", cookie);
  } catch (error) {
    logger.warn({ err: error }, "session renewal check failed");
  }
  next();
}

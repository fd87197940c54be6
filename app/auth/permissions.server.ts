// The one role check of the server: every admin loader, action and resource route asks requireCan for the
// capability it needs (app/auth/roles.ts). A member without it gets a 403 naming the roles that have it, before
// anything is read or written; checks that depend on the item (whose post it is, whether it is published) are made
// by the model where the item is read, and answered the same way (ForbiddenError → forbidden()).
import type { RouterContextProvider } from "react-router";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "~/lib/team";
import type { ContentActor } from "~/models/content-writes.server";
import { twoFactorRequired } from "~/models/team.server";
import { adminFor } from "./admin-context.server";
import type { AdminIdentity } from "./guard.server";
import { type Capability, can, ForbiddenError, forbiddenMessage, rolesWith } from "./roles";

export interface CheckArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The body of every 403 by role: pages show it in the admin error page, JSON routes hand it to the browser. */
export interface ForbiddenBody {
  error: { status: 403; message: string; roles: string[]; capability: Capability };
}

/** The 403 answer for a capability (JSON; the admin layout's error boundary shows its message as a page). */
export function forbidden(capability: Capability): Response {
  const body: ForbiddenBody = {
    error: { status: 403, message: forbiddenMessage(capability), roles: rolesWith(capability), capability },
  };
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" },
  });
}

/**
 * The member of this request when their role has `capability`; otherwise throws a 403 (and, for someone who is not
 * a member at all, the guard's redirect to /admin-auth, or 401/403 JSON with `{ json: true }`).
 *
 *     export async function loader(args: Route.LoaderArgs) {
 *       const admin = await requireCan(args, "leads.view");
 */
export async function requireCan(
  args: CheckArgs,
  capability: Capability,
  options: { json?: boolean } = {},
): Promise<AdminIdentity> {
  const admin = await adminFor(args, options);
  if (!can(admin.role, capability)) throw forbidden(capability);
  // When the owner requires two-factor sign-in, a member without it may only set it up (their own account).
  if (capability !== "account.own" && !admin.twoFactor && (await twoFactorRequired())) {
    if (options.json) {
      throw Response.json(
        { error: { status: 403, message: TWO_FACTOR_REQUIRED_MESSAGE } },
        { status: 403, headers: { "Cache-Control": "private, no-store" } },
      );
    }
    throw new Response(null, { status: 302, headers: { Location: "/admin/security?required" } });
  }
  return admin;
}

/** Runs a model call that checks roles itself; its ForbiddenError becomes the same 403 as requireCan's. */
export async function refusingForbidden<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ForbiddenError) throw forbidden(error.capability);
    throw error;
  }
}

/** Who a member's content write is made by: the audit facts of the request and the member's id and role. */
export function memberActor(admin: AdminIdentity, { request, context }: CheckArgs): ContentActor {
  return {
    ...auditContext(admin.email, request, requestInfo(context).ip),
    member: { userId: admin.userId, role: admin.role },
  };
}

/** Refuses (403) a member who may act only on their own items when the item is someone else's. */
export function requireOwnUnlessAny(admin: AdminIdentity, item: { createdBy: string | null }): void {
  if (can(admin.role, "content.edit.any")) return;
  if (item.createdBy === null || item.createdBy !== admin.userId) throw forbidden("content.edit.any");
}

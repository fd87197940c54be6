// The admin guard run once per request: the admin layout's middleware resolves the administrator and stores it in
// a typed router context, so the layout and page loaders/actions below it read it instead of each reading the
// session again. React Router runs a parent's middleware for every loader and action of its child routes
// (document requests, single-fetch data requests and form posts alike).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type AdminIdentity, requireAdmin } from "./guard.server";

/** The administrator of this request; null until the admin middleware has run. */
export const adminContext = createContext<AdminIdentity | null>(null);

/** Admin layout middleware: refuses non-admins (redirect to /admin-auth) before any admin loader or action runs. */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(adminContext, await requireAdmin(request));
};

/**
 * The administrator for an admin page's loader or action. Reads what the layout middleware stored; when it has
 * not run (the function called on its own, e.g. by the authorization-matrix test) it runs the full guard, so a
 * loader or action can never be reached unguarded.
 */
export async function adminFor(
  {
    request,
    context,
  }: {
    request: Request;
    context: Readonly<RouterContextProvider>;
  },
  options: { json?: boolean } = {},
): Promise<AdminIdentity> {
  return context.get(adminContext) ?? requireAdmin(request, options);
}

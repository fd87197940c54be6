import { data, isRouteErrorResponse, Link, Outlet } from "react-router";
import { adminFor, adminMiddleware } from "~/auth/admin-context.server";
import { AdminShell } from "~/components/admin/admin-shell";
import { useFlashToast } from "~/components/admin/flash-toast";
import { RealtimeProvider } from "~/components/admin/realtime";
import { readFlash } from "~/infra/flash.server";
import { adminTitle } from "~/lib/brand";
import { noStoreHeaders } from "~/lib/no-store";
import { keepDataOnTabChange } from "~/lib/url-tab";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await adminFor({ request, context });
  // One-shot message carried over a redirect, e.g. 'Admin access granted' after signing in.
  const { flash, clear } = await readFlash(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (clear) headers.append("Set-Cookie", clear);
  return data({ adminEmail: admin.email, role: admin.role, memberId: admin.userId, flash }, { headers });
}

export const headers = noStoreHeaders;

/** Switching a tab changes only `?tab=`: nothing to load again (app/lib/url-tab.ts). */
export const shouldRevalidate = keepDataOnTabChange;

export function meta() {
  return [{ title: adminTitle() }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { flash } = loaderData;
  useFlashToast(flash);
  return (
    <RealtimeProvider memberId={loaderData.memberId}>
      <AdminShell adminEmail={loaderData.adminEmail} role={loaderData.role}>
        <Outlet />
      </AdminShell>
    </RealtimeProvider>
  );
}

/**
 * A screen the member's role may not open (requireCan's 403, whose body names the roles that may), or another
 * error of an admin screen. Shown instead of the shell: the way back is the dashboard every member may open.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const message = forbidden
    ? String((error.data as { error?: { message?: string } } | null)?.error?.message ?? "")
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {forbidden ? "You cannot open this with your role" : "This screen could not be shown"}
      </h1>
      <p className="text-slate-700">{message || "Ask the owner or an administrator if you need it."}</p>
      <Link to="/admin" className="font-semibold text-brand-700 underline">
        Back to the dashboard
      </Link>
    </main>
  );
}

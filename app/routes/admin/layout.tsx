// The back office: every page below /admin renders inside this shell. Its middleware runs the admin guard once
// per request, before this loader and every page loader and action below it; those read the administrator from
// the context (adminFor). Resource routes outside this layout call requireAdmin themselves.
import { useEffect } from "react";
import { data, Outlet } from "react-router";
import { adminFor, adminMiddleware } from "~/auth/admin-context.server";
import { AdminShell } from "~/components/admin/admin-shell";
import { showToast } from "~/components/ui/toaster";
import { adminTitle } from "~/lib/brand";
import { readFlash } from "~/lib/flash.server";
import { noStoreHeaders } from "~/lib/no-store";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await adminFor({ request, context });
  // One-shot message carried over a redirect, e.g. 'Admin access granted' after signing in.
  const { flash, clear } = await readFlash(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (clear) headers.append("Set-Cookie", clear);
  return data({ adminEmail: admin.email, flash }, { headers });
}

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: adminTitle() }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { flash } = loaderData;
  useEffect(() => {
    if (!flash) return;
    // Deferred one tick: on a full page load the root's <Toaster/> subscribes after this effect runs.
    const timer = setTimeout(() => showToast(flash), 0);
    return () => clearTimeout(timer);
  }, [flash]);
  return (
    <AdminShell adminEmail={loaderData.adminEmail}>
      <Outlet />
    </AdminShell>
  );
}

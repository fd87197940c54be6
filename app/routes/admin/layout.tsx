import { data, Outlet } from "react-router";
import { adminFor, adminMiddleware } from "~/auth/admin-context.server";
import { AdminShell } from "~/components/admin/admin-shell";
import { useFlashToast } from "~/components/admin/flash-toast";
import { adminTitle } from "~/lib/brand";
import { readFlash } from "~/lib/flash.server";
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
  return data({ adminEmail: admin.email, flash }, { headers });
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
    <AdminShell adminEmail={loaderData.adminEmail}>
      <Outlet />
    </AdminShell>
  );
}

// The back office: every page below /admin renders inside this shell, and its loader runs the admin guard.
// Admin actions and resource routes call requireAdmin themselves (they do not run this loader).
import { useEffect } from "react";
import { data, Outlet } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { AdminShell } from "~/components/admin/admin-shell";
import { showToast } from "~/components/ui/toaster";
import { readFlash } from "~/lib/flash.server";
import { noStoreHeaders } from "~/lib/no-store";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // One-shot message carried over a redirect, e.g. 'Admin access granted' after signing in.
  const { flash, clear } = readFlash(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (clear) headers.append("Set-Cookie", clear);
  return data({ adminEmail: admin.email, flash }, { headers });
}

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Admin · Asimov" }, { name: "robots", content: "noindex, nofollow" }];
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

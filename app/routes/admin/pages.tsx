// /admin/pages: the pages built from blocks (landing, pricing, campaign pages) with status, path and last change
// (when, and the member who made it).
// Editing is /admin/pages/:id (page-edit.tsx); the rules are in app/models/pages.server.ts (ADR 033).
import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { NavigationEditor } from "~/components/admin/navigation-editor";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { type Column, DataTable } from "~/components/ui/data-table";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { formatDateTime } from "~/lib/dates";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { done, refuse } from "~/lib/forms";
import { NAVIGATION_FIELDS, navigationSchema } from "~/lib/site-navigation-schema";
import { StaleEditError } from "~/models/edit-conflicts.server";
import { isLivePage, listPages } from "~/models/pages.server";
import {
  getNavigation,
  navigationConflict,
  navigationVersion,
  saveNavigation,
} from "~/models/site-navigation.server";
import type { Route } from "./+types/pages";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "pages.manage");
  try {
    const now = new Date();
    const rows = await listPages();
    const pages = rows.map((row) => ({
      id: row.id,
      path: row.path,
      title: row.title,
      status: row.status,
      scheduled: row.status === "published" && !isLivePage(row, now),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      // The member who saved it last; none for a page as added at start-up or saved with an API key.
      updatedBy: row.updatedByName?.trim() || row.updatedByEmail,
      blockCount: Array.isArray(row.blocks) ? row.blocks.length : 0,
    }));
    const [navigation, navigationAt] = await Promise.all([getNavigation(), navigationVersion()]);
    const timeZone = env().siteTimeZone;
    return data({ pages, navigation, navigationAt, timeZone, fields: NAVIGATION_FIELDS, loadFailed: false });
  } catch (error) {
    logger.error({ err: error }, "Failed to load pages");
    return data({
      pages: [],
      navigation: null,
      navigationAt: "",
      timeZone: env().siteTimeZone,
      fields: NAVIGATION_FIELDS,
      loadFailed: true,
    });
  }
}

/** Saves the site navigation (the pages themselves are saved by their editor, page-edit.tsx). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "pages.manage");
  const form = await request.formData();
  const intent = "navigation";
  let raw: unknown;
  try {
    raw = JSON.parse(String(form.get("navigation") ?? ""));
  } catch {
    return refuse("The navigation could not be read", { intent });
  }
  const parsed = navigationSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[["nav", ...issue.path].join(".")] ??= issue.message;
    return refuse("Please check the highlighted fields", { intent, fieldErrors });
  }
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  try {
    const version = await saveNavigation(parsed.data, who, String(form.get("base") ?? "") || undefined);
    return done("Navigation saved", { intent, version });
  } catch (error) {
    if (!(error instanceof StaleEditError)) throw error;
    return refuse(CONFLICT_MESSAGES.refused, { intent, conflict: await navigationConflict(error) }, 409);
  }
}

export function meta() {
  return [{ title: adminTitle("Pages") }, { name: "robots", content: "noindex, nofollow" }];
}

const PAGE_COLUMNS: readonly Column[] = [
  { key: "page", label: "Page" },
  { key: "path", label: "Path" },
  { key: "status", label: "Status" },
  { key: "changed", label: "Last change" },
];

export default function PagesScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, loadFailed, navigation, navigationAt, timeZone, fields } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="The landing page, pricing and campaign pages, each built from blocks."
        actions={
          <Link to="/admin/pages/new" className={buttonVariants()}>
            <Plus aria-hidden /> New page
          </Link>
        }
      />
      <Card>
        {loadFailed ? (
          <p role="alert" className="p-6 text-sm text-red-800">
            The pages could not be loaded. Reload the page to try again.
          </p>
        ) : pages.length === 0 ? (
          <p className="p-6 text-sm text-slate-700">No pages yet. Create the first one with New page.</p>
        ) : (
          <DataTable label="Pages" className="overflow-x-auto" columns={PAGE_COLUMNS}>
            {pages.map((page) => (
              <tr key={page.id} className="border-b border-slate-100 last:border-0">
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/pages/${page.id}`}
                    className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {page.title}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {page.blockCount} {page.blockCount === 1 ? "block" : "blocks"}
                  </span>
                </td>
                <td className="px-4 py-3 font-mono text-xs text-slate-800">{page.path}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={page.status} scheduled={page.scheduled} />
                  {page.scheduled && page.publishedAt ? (
                    <span className="mt-1 block text-xs text-slate-700">
                      {formatDateTime(page.publishedAt)}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
                  {page.updatedBy ? (
                    <span className="block text-xs text-slate-600" data-testid="page-updated-by">
                      by {page.updatedBy}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
      {navigation ? (
        <NavigationEditor
          navigation={navigation}
          version={navigationAt}
          fields={fields}
          result={actionData}
          timeZone={timeZone}
        />
      ) : null}
    </>
  );
}

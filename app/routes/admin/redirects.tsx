// /admin/redirects: the redirects (add, search, edit against the version the form loaded, delete) and the 404
// monitor (redirect a path, dismiss one, clear all). The rules live in app/models/redirects.server.ts,
// redirect-edits.server.ts and not-found-monitor.server.ts (ADR 018).
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { data } from "react-router";
import { z } from "zod";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { RedirectDialog } from "~/components/admin/redirect-dialog";
import { NotFoundList, RedirectList } from "~/components/admin/redirect-lists";
import { useUrlTab } from "~/components/admin/use-url-tab";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { done, gone, parseForm, refuse } from "~/lib/forms";
import { REDIRECT_PATH_MAX, readableTarget } from "~/lib/redirect-paths";
import { redirectFormSchema } from "~/lib/redirect-schema";
import { safeText } from "~/lib/safe-text";
import { keepDataOnTabChange } from "~/lib/url-tab";
import { clearNotFound, dismissNotFound, listNotFound } from "~/models/not-found-monitor.server";
import { updateRedirect } from "~/models/redirect-edits.server";
import { createRedirect, deleteRedirect, listRedirects } from "~/models/redirects.server";
import { refusedEdit } from "~/routes/support/edit-refusal.server";
import type { Route } from "./+types/redirects";

const noStore = { "Cache-Control": "private, no-store" };
const NOT_FOUND_TAB = "404";
const TABS = ["redirects", NOT_FOUND_TAB] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "redirects.manage");
  const params = new URL(request.url).searchParams;
  const search = safeText(params.get("q") ?? "", 200);
  const timeZone = env().siteTimeZone;
  try {
    const [redirects, notFound] = await Promise.all([listRedirects({ search }), listNotFound()]);
    return data({ search, redirects, notFound, timeZone, loadFailed: false }, { headers: noStore });
  } catch (error) {
    logger.error({ err: error }, "Failed to load redirects");
    const empty = { rows: [], total: 0, matched: 0 };
    return data(
      { search, redirects: empty, notFound: empty, timeZone, loadFailed: true },
      { headers: noStore },
    );
  }
}

export function meta() {
  return [{ title: adminTitle("Redirects") }, { name: "robots", content: "noindex, nofollow" }];
}

const idSchema = z.uuid();
const notFoundPathSchema = z.string().startsWith("/").max(REDIRECT_PATH_MAX);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "redirects.manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);

  if (intent === "create") {
    const parsed = parseForm(redirectFormSchema, form);
    if (!parsed.ok) {
      const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the redirect";
      return refuse(message, { intent, fieldErrors: parsed.fieldErrors, values: parsed.values });
    }
    const source = form.get("source") === "not-found" ? "not-found" : "manual";
    const created = await createRedirect(parsed.data, who, source);
    if (!created.ok) {
      // A duplicate or a loop: the request is fine, the table already says otherwise.
      return refuse(
        created.message,
        { intent, fieldErrors: { [created.field]: created.message }, values: parsed.values },
        409,
      );
    }
    return done(
      `Redirect added: ${created.redirect.fromPath} now goes to ${readableTarget(created.redirect.toUrl)}`,
      {
        intent,
      },
    );
  }

  if (intent === "update") {
    const id = idSchema.safeParse(form.get("id"));
    const parsed = parseForm(redirectFormSchema, form);
    const { values } = parsed;
    if (!id.success) return refuse("Unknown redirect", { intent, values });
    if (!parsed.ok) {
      const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the redirect";
      return refuse(message, { intent, fieldErrors: parsed.fieldErrors, values });
    }
    const saved = await updateRedirect(id.data, parsed.data, who, { base: values.base || undefined });
    if (saved.status === "refused") {
      return refuse(saved.message, { intent, fieldErrors: { [saved.field]: saved.message }, values }, 409);
    }
    if (saved.status !== "saved") return refusedEdit(saved, EDIT_SUBJECTS.redirect, { intent, values });
    return done(`Redirect saved: ${saved.row.fromPath} now goes to ${readableTarget(saved.row.toUrl)}`, {
      intent,
    });
  }

  if (intent === "delete") {
    const failed = "Failed to delete redirect";
    const id = idSchema.safeParse(form.get("id"));
    if (!id.success) return refuse(failed, { intent });
    if (!(await deleteRedirect(id.data, who))) return gone(failed, { intent });
    return done("Redirect deleted", { intent });
  }

  if (intent === "dismiss") {
    const path = notFoundPathSchema.safeParse(form.get("path"));
    if (!path.success) return refuse("Unknown path", { intent });
    if (!(await dismissNotFound(path.data, who))) return gone("This path is no longer listed", { intent });
    return done("Path dismissed", { intent });
  }

  if (intent === "clear-not-found") {
    const cleared = await clearNotFound(who);
    return done(cleared === 1 ? "1 path cleared" : `${cleared} paths cleared`, { intent });
  }

  return refuse("Unknown action", { intent });
}

export const shouldRevalidate = keepDataOnTabChange;

export default function RedirectsPage({ loaderData }: Route.ComponentProps) {
  const { search, redirects, notFound, timeZone, loadFailed } = loaderData;
  const [tab, setTab] = useUrlTab(TABS);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (loadFailed) toast.error("Failed to load redirects");
  }, [loadFailed]);

  return (
    <>
      <AdminPageHeader
        title="Redirects"
        description="Send visitors from old addresses to new ones, and see which addresses end in a 404"
        actions={
          <RedirectDialog
            open={adding}
            onOpenChange={setAdding}
            trigger={
              <Button>
                <Plus aria-hidden />
                Add redirect
              </Button>
            }
          />
        }
      />
      {loadFailed ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          The redirects could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Redirects and 404s">
          <TabsTrigger value="redirects">Redirects ({redirects.total})</TabsTrigger>
          <TabsTrigger value={NOT_FOUND_TAB}>404 monitor ({notFound.total})</TabsTrigger>
        </TabsList>
        <TabsContent value="redirects">
          <Card>
            <RedirectList
              redirects={redirects.rows}
              matched={redirects.matched}
              search={search}
              timeZone={timeZone}
            />
          </Card>
        </TabsContent>
        <TabsContent value={NOT_FOUND_TAB}>
          <Card>
            <NotFoundList rows={notFound.rows} total={notFound.total} />
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}

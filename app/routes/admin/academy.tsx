// /admin/academy: the three-tab create form, the list with the published/draft toggle, edit dialog and delete.
import { Clock, ExternalLink, Eye, EyeOff, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import {
  AcademyFormFields,
  academyValuesFromItem,
  academyValuesFromSubmission,
  emptyAcademyValues,
} from "~/components/admin/academy-form";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { DifficultyBadge, StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { type ToastMessage, useActionToast } from "~/components/ui/toaster";
import { adminTitle } from "~/lib/brand";
import { ACADEMY_MESSAGES } from "~/lib/cms-messages";
import { contentAction } from "~/lib/content-action.server";
import { academySchema } from "~/lib/content-schemas";
import type { ActionResult } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { requestInfo } from "~/lib/request-context.server";
import {
  type AdminAcademyItem,
  createAcademyItem,
  deleteAcademyItem,
  listAllAcademy,
  toggleAcademyStatus,
  updateAcademyItem,
} from "~/models/academy-admin.server";
import { type AuditContext, auditContext } from "~/models/audit.server";
import type { Route } from "./+types/academy";

const DELETE_FETCHER = "academy-delete";

export function meta() {
  return [{ title: adminTitle("Academy") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor({ request, context });
  try {
    return { items: await listAllAcademy(), loadError: null as ToastMessage | null };
  } catch (error) {
    logger.error({ err: error }, "Loading academy content failed");
    return {
      items: [] as AdminAcademyItem[],
      loadError: { type: "error", message: ACADEMY_MESSAGES.loadFailed } as ToastMessage | null,
    };
  }
}

export type AcademyActionResult = ActionResult;

const ACTION = {
  label: "Academy",
  schema: academySchema,
  required: ["title", "slug", "category"],
  messages: ACADEMY_MESSAGES,
  create: createAcademyItem,
  update: updateAcademyItem,
  toggle: async (id: string, who: AuditContext) => (await toggleAcademyStatus(id, who))?.item,
  remove: deleteAcademyItem,
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await adminFor({ request, context });
  const form = await request.formData();
  return contentAction(ACTION, form, auditContext(admin.email, request, requestInfo(context).ip));
}

export default function AdminAcademy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  useActionToast(actionData);
  useActionToast(useFetcher({ key: DELETE_FETCHER }).data);
  const loadToast = useMemo(
    () => (loaderData.loadError ? { toast: loaderData.loadError } : undefined),
    [loaderData],
  );
  useActionToast(loadToast);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (actionData?.intent === "create" && actionData.ok) setFormKey((k) => k + 1);
  }, [actionData]);
  const failedCreate = actionData?.intent === "create" && !actionData.ok ? actionData : undefined;
  const categories = [...new Set(loaderData.items.map((i) => i.category))].sort();

  return (
    <>
      <AdminPageHeader title="Academy" description="Create and manage training content." />
      <Card className="mb-8">
        <CardHeader>
          <CardTitle>Create new content</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" key={formKey} noValidate aria-label="Create new content">
            <input type="hidden" name="intent" value="create" />
            <AcademyFormFields
              mode="create"
              categories={categories}
              initial={
                failedCreate?.values ? academyValuesFromSubmission(failedCreate.values) : emptyAcademyValues
              }
              errors={failedCreate?.fieldErrors}
            />
            <div className="mt-6 flex justify-end">
              <Button type="submit" disabled={creating}>
                {creating ? <Spinner label="Creating" /> : <Plus aria-hidden />}
                Create Content
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="academy-list-heading">
        <h2 id="academy-list-heading" className="mb-3 text-lg font-semibold text-slate-900">
          All content <span className="font-normal text-slate-600">({loaderData.items.length})</span>
        </h2>
        {loaderData.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
            {loaderData.loadError ? ACADEMY_MESSAGES.loadFailed : ACADEMY_MESSAGES.empty}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {loaderData.items.map((item) => (
              <AcademyRow key={item.id} item={item} categories={categories} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function AcademyRow({ item, categories }: { item: AdminAcademyItem; categories: string[] }) {
  const toggler = useFetcher<AcademyActionResult>();
  // Keyed, so the page (not this row, which disappears on success) shows the delete's toast.
  const deleter = useFetcher<AcademyActionResult>({ key: DELETE_FETCHER });
  const status =
    toggler.state !== "idle" ? (item.status === "published" ? "draft" : "published") : item.status;
  const published = status === "published";
  useActionToast(toggler.data);
  const deleting = deleter.state !== "idle" && deleter.formData?.get("id") === item.id;

  return (
    <li className={deleting ? "opacity-50" : undefined} data-testid="academy-row" data-slug={item.slug}>
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-slate-900">{item.title}</h3>
            {item.isFeatured ? (
              <Badge variant="default">
                <Star className="mr-1 size-3" aria-hidden />
                Featured
              </Badge>
            ) : null}
          </div>
          {item.description ? (
            <p className="line-clamp-2 text-sm text-slate-700">{item.description}</p>
          ) : null}
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <StatusBadge status={status} />
            <Badge variant="outline">{item.category}</Badge>
            <DifficultyBadge level={item.difficultyLevel} />
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3" aria-hidden />
              {item.durationMinutes} min
            </span>
            <span className="inline-flex items-center gap-1">
              <Eye className="size-3" aria-hidden />
              {item.viewCount} {item.viewCount === 1 ? "view" : "views"}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <toggler.Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="id" value={item.id} />
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              title={published ? "Unpublish (move to draft)" : "Publish"}
              aria-label={published ? `Unpublish ${item.title}` : `Publish ${item.title}`}
            >
              {published ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            </Button>
          </toggler.Form>
          {item.status === "published" ? (
            <Button asChild variant="ghost" size="icon" title="View on site">
              <a href={`/academy/${item.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden />
                <span className="sr-only">View {item.title} on the site (opens in a new tab)</span>
              </a>
            </Button>
          ) : null}
          <EditAcademyDialog item={item} categories={categories} />
          <ConfirmDialog
            description={ACADEMY_MESSAGES.deleteConfirm}
            onConfirm={() => deleter.submit({ intent: "delete", id: item.id }, { method: "post" })}
            trigger={
              <Button variant="ghost" size="icon" title="Delete" disabled={deleting}>
                <Trash2 className="text-red-700" aria-hidden />
                <span className="sr-only">Delete {item.title}</span>
              </Button>
            }
          />
        </div>
      </div>
    </li>
  );
}

function EditAcademyDialog({ item, categories }: { item: AdminAcademyItem; categories: string[] }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AcademyActionResult>();
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" title="Edit">
          <Pencil aria-hidden />
          <span className="sr-only">Edit {item.title}</span>
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Edit content</DialogTitle>
            <DialogDescription>Update the lesson's content, media and SEO.</DialogDescription>
          </DialogHeader>
          <fetcher.Form method="post" noValidate aria-label="Edit content">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={item.id} />
            <AcademyFormFields
              mode="edit"
              categories={categories}
              initial={academyValuesFromItem(item)}
              errors={failed?.fieldErrors}
            />
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? <Spinner label="Saving" /> : null}
                Save Changes
              </Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

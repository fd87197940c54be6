// /admin/academy: the three-tab create form, the list with the published/draft toggle, edit dialog and delete.
import { Clock, Eye, Plus, Star } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { memberActor, requireCan } from "~/auth/permissions.server";
import {
  AcademyFormFields,
  academySnapshotFromSubmission,
  academyValuesFromItem,
  academyValuesFromSubmission,
  emptyAcademyValues,
} from "~/components/admin/academy-form";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { ContentEditDialog, ContentRowActions, useContentRow } from "~/components/admin/content-row";
import { DifficultyBadge, ScheduledFor, StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { type ToastMessage, useActionToast } from "~/components/ui/toaster";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { adminTitle } from "~/lib/brand";
import { ACADEMY_MESSAGES } from "~/lib/cms-messages";
import { type AcademyInput, academySchemaIn } from "~/lib/content-schemas";
import { rowOfSnapshot } from "~/lib/edit-conflict";
import {
  type AdminAcademyItem,
  createAcademyItem,
  deleteAcademyItem,
  listAllAcademy,
  toggleAcademyStatus,
  updateAcademyItem,
} from "~/models/academy-admin.server";
import type { AuditContext } from "~/models/audit.server";
import { isScheduled } from "~/models/published.server";
import { contentAction } from "~/routes/support/content-action.server";
import type { Route } from "./+types/academy";

const DELETE_FETCHER = "academy-delete";

export function meta() {
  return [{ title: adminTitle("Academy") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "content.view");
  const timeZone = env().siteTimeZone;
  try {
    const items = (await listAllAcademy()).map((item) => ({ ...item, scheduled: isScheduled(item) }));
    return { items, timeZone, loadError: null as ToastMessage | null };
  } catch (error) {
    logger.error({ err: error }, "Loading academy content failed");
    return {
      items: [] as ListedItem[],
      timeZone,
      loadError: { type: "error", message: ACADEMY_MESSAGES.loadFailed } as ToastMessage | null,
    };
  }
}

type ListedItem = AdminAcademyItem & { scheduled: boolean };

const ACTION = {
  label: "Academy",
  schema: academySchemaIn,
  required: ["title", "slug", "category"],
  messages: ACADEMY_MESSAGES,
  create: createAcademyItem,
  update: (id: string, input: AcademyInput, who: AuditContext, base: string | undefined) =>
    updateAcademyItem(id, input, who, new Date(), undefined, base),
  toggle: async (id: string, who: AuditContext) => (await toggleAcademyStatus(id, who))?.item,
  remove: deleteAcademyItem,
  imageFields: (item: AcademyInput) => ({ thumbnailUrl: item.thumbnailUrl }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "content.create");
  const form = await request.formData();
  return contentAction(ACTION, form, memberActor(admin, { request, context }));
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
              timeZone={loaderData.timeZone}
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
              <AcademyRow key={item.id} item={item} categories={categories} timeZone={loaderData.timeZone} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function AcademyRow({
  item,
  categories,
  timeZone,
}: {
  item: ListedItem;
  categories: string[];
  timeZone: string;
}) {
  const row = useContentRow(item, DELETE_FETCHER);
  const { status, scheduled, deleting } = row;

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
            <StatusBadge status={status} scheduled={scheduled} />
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
            {scheduled && item.publishedAt ? (
              <ScheduledFor date={item.publishedAt} timeZone={timeZone} />
            ) : null}
          </p>
        </div>
        <ContentRowActions
          kind="academy"
          timeZone={timeZone}
          item={item}
          row={row}
          viewHref={`/academy/${item.slug}`}
          deleteConfirm={ACADEMY_MESSAGES.deleteConfirm}
          editDialog={
            <ContentEditDialog
              kind="academy"
              timeZone={timeZone}
              item={item}
              title="Edit content"
              description="Update the lesson's content, media and SEO."
              formLabel="Edit content"
              className="max-w-2xl"
              mineOf={academySnapshotFromSubmission}
              fields={(errors, theirs) => (
                <AcademyFormFields
                  mode="edit"
                  categories={categories}
                  initial={academyValuesFromItem(
                    theirs ? rowOfSnapshot<typeof item>(theirs) : item,
                    timeZone,
                  )}
                  errors={errors}
                  timeZone={timeZone}
                />
              )}
            />
          }
        />
      </div>
    </li>
  );
}

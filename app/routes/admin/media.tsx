// /admin/media: the media library (docs/product.md, Media library). Every uploaded image, video and audio file with
// its thumbnail, size, dimensions, alt text and where it is used; upload (drag and drop or a button, with progress),
// filters in the URL (?type=&q=&missing=alt), alt text and title in a dialog (saved against the version it loaded),
// delete (refused while in use). The pickers of the blog, academy, showcase and SEO forms load this route's data too
// (?type=image …).
import { data } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { MediaLibrary } from "~/components/admin/media-library";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { done, gone, parseForm, refuse } from "~/lib/forms";
import { MEDIA_MESSAGES, type MediaLibraryData, mediaFilterFromUrl } from "~/lib/media";
import { mediaDetailsSchema } from "~/lib/media-form";
import { deleteMedia, listMedia, MEDIA_LIST_LIMIT, updateMediaDetails } from "~/models/media.server";
import { refusedEdit } from "~/routes/support/edit-refusal.server";
import type { Route } from "./+types/media";

export function meta() {
  return [{ title: adminTitle("Media library") }];
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "media.manage");
  const filter = mediaFilterFromUrl(new URL(request.url).searchParams);
  const timeZone = env().siteTimeZone;
  try {
    const list = await listMedia(filter);
    return data<MediaLibraryData>(
      { ...list, filter, limit: MEDIA_LIST_LIMIT, loadFailed: false, timeZone },
      { headers: NO_STORE },
    );
  } catch (error) {
    logger.error({ err: error }, "failed to load the media library");
    return data<MediaLibraryData>(
      {
        items: [],
        total: 0,
        counts: { image: 0, video: 0, audio: 0 },
        filter,
        limit: MEDIA_LIST_LIMIT,
        loadFailed: true,
        timeZone,
      },
      { headers: NO_STORE },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "media.manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);

  if (intent === "details") {
    const parsed = parseForm(mediaDetailsSchema, form);
    const { values } = parsed;
    if (!parsed.ok)
      return refuse(MEDIA_MESSAGES.saveFailed, { intent, fieldErrors: parsed.fieldErrors, values });
    try {
      const base = values.base || undefined;
      const result = await updateMediaDetails(parsed.data.id, parsed.data, who, { base });
      if (result.status === "gone" || result.status === "conflict") {
        return refusedEdit(result, EDIT_SUBJECTS.media, { intent, values });
      }
      if (result.status === "alt-required") {
        return refuse(MEDIA_MESSAGES.saveFailed, {
          intent,
          values,
          fieldErrors: { altText: MEDIA_MESSAGES.altRequiredInUse },
        });
      }
      return done(MEDIA_MESSAGES.saved, { intent, values });
    } catch (error) {
      logger.error({ err: error }, "saving media details failed");
      return refuse(MEDIA_MESSAGES.saveFailed, { intent, values }, 500);
    }
  }

  if (intent === "delete") {
    const id = String(form.get("id") ?? "");
    if (!/^[0-9a-f-]{36}$/i.test(id)) return gone(MEDIA_MESSAGES.deleteFailed, { intent });
    try {
      const result = await deleteMedia(id, who);
      if (result.status === "gone") return gone(MEDIA_MESSAGES.deleteFailed, { intent });
      if (result.status === "in-use") return refuse(MEDIA_MESSAGES.deleteInUse, { intent }, 409);
      return done(MEDIA_MESSAGES.deleted, { intent });
    } catch (error) {
      logger.error({ err: error }, "deleting media failed");
      return refuse(MEDIA_MESSAGES.deleteFailed, { intent }, 500);
    }
  }

  return refuse("Unknown action", { intent });
}

export default function MediaPage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Media library"
        description="Every uploaded image, video and audio file, and where the site uses it"
      />
      <MediaLibrary data={loaderData} />
    </div>
  );
}

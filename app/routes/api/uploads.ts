// POST /api/uploads?bucket=images|videos|audio (multipart, field "file"): the administrator uploads media.
// Answers JSON: 201 with the stored file's URL (and responsive image copies) and its media library entry (`media`),
// or 400/413/415 with a message.
import { requireCan } from "~/auth/permissions.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { isBucketName } from "~/lib/uploads";
import { mediaView } from "~/models/media.server";
import { UploadError, uploadAs } from "~/storage/uploads.server";
import type { Route } from "./+types/uploads";

function json(body: unknown, status: number) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "media.manage", { json: true });
  return json({ error: { status: 405, message: "Use POST to upload a file." } }, 405);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "media.manage", { json: true });
  if (request.method !== "POST") return json({ error: { status: 405, message: "Use POST." } }, 405);
  const bucket = new URL(request.url).searchParams.get("bucket") ?? "images";
  if (!isBucketName(bucket)) {
    return json({ error: { status: 400, message: "Unknown bucket: use images, videos or audio." } }, 400);
  }
  try {
    const result = await uploadAs(
      request,
      bucket,
      auditContext(admin.email, request, requestInfo(context).ip),
    );
    return json({ ...result, media: mediaView(result.media) }, 201);
  } catch (error) {
    if (error instanceof UploadError) {
      return json({ error: { status: error.status, message: error.message } }, error.status);
    }
    throw error;
  }
}

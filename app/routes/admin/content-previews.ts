// /admin/content/:kind/:id/previews: the preview links of one blog post, academy item or page (JSON). GET lists the
// links that still work (when made, by whom, until when: their addresses are not kept); POST intent=create makes one
// (7 days) and answers its address, the only time it is shown; intent=revoke (with link) ends one. Members who may
// share previews; authors and contributors for their own items only; pages, members who manage pages.
import { requireCan, requireOwnUnlessAny } from "~/auth/permissions.server";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { PREVIEW_MESSAGES } from "~/lib/cms-messages";
import type { ItemKind } from "~/lib/content-enums";
import type { ActionResult } from "~/lib/forms";
import { type CreatedLink, previewPath } from "~/lib/preview";
import { createPreviewLink, listActivePreviewLinks, revokePreviewLink } from "~/models/preview-links.server";
import { capabilityFor, contentTarget, currentItem, json } from "~/routes/support/content-target.server";
import type { Route } from "./+types/content-previews";

/** Authors and contributors share previews of their own items only (a deleted item is the models' 404). */
async function ownedTarget(admin: Parameters<typeof requireOwnUnlessAny>[0], kind: ItemKind, id: string) {
  const item = await currentItem(kind, id);
  if (item && "createdBy" in item) requireOwnUnlessAny(admin, item);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, capabilityFor(params, "content.preview"), {
    json: true,
  });
  const { kind, id } = contentTarget(params);
  await ownedTarget(admin, kind, id);
  const links = await listActivePreviewLinks(kind, id);
  return json({
    links: links.map((link) => ({
      id: link.id,
      createdAt: link.createdAt,
      createdBy: link.createdBy,
      expiresAt: link.expiresAt,
    })),
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, capabilityFor(params, "content.preview"), {
    json: true,
  });
  const { kind, id } = contentTarget(params);
  await ownedTarget(admin, kind, id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  // Besides the result: the link just made (its only showing) or the id of the one revoked.
  const reply = (
    result: Omit<ActionResult, "intent"> & { created?: CreatedLink; revoked?: string },
    status = 200,
  ) => json({ intent, ...result }, status);
  const failed = (message: string, status: number) =>
    reply({ ok: false, toast: { type: "error", message } }, status);
  try {
    if (intent === "create") {
      const link = await createPreviewLink(kind, id, who);
      if (!link) return failed(PREVIEW_MESSAGES.createFailed, 404);
      const created: CreatedLink = {
        id: link.id,
        url: `${env().baseUrl}${previewPath(kind, link.token)}`,
        expiresAt: link.expiresAt.toISOString(),
      };
      return reply({ ok: true, toast: { type: "success", message: PREVIEW_MESSAGES.created }, created });
    }
    if (intent === "revoke") {
      const link = String(form.get("link") ?? "");
      const revoked = /^[0-9a-f-]{36}$/i.test(link) && (await revokePreviewLink(kind, id, link, who));
      if (!revoked) return failed(PREVIEW_MESSAGES.revokeFailed, 404);
      return reply({
        ok: true,
        toast: { type: "success", message: PREVIEW_MESSAGES.revoked },
        revoked: link,
      });
    }
    return failed("Unknown action", 400);
  } catch (error) {
    logger.error({ err: error, kind, id, intent }, "preview link change failed");
    return failed(intent === "create" ? PREVIEW_MESSAGES.createFailed : PREVIEW_MESSAGES.revokeFailed, 500);
  }
}

// The Settings screen's "showcase-edit" action (docs/product.md, Showcase media): an item's title, media and
// description, by the rules of "Add Media" (title and URL required, a library image needs alt text), saved against
// the version the edit dialog loaded (app/models/versioned-edits.server.ts).
import { logger } from "~/infra/logger.server";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { done, parseForm, refuse } from "~/lib/forms";
import { MEDIA_MESSAGES } from "~/lib/media";
import { showcaseAddSchema } from "~/lib/settings-form";
import type { AuditContext } from "~/models/audit.server";
import { missingAltText } from "~/models/media.server";
import { updateShowcaseItem } from "~/models/showcase-admin.server";
import { refusedEdit } from "./edit-refusal.server";

const intent = "showcase-edit";
const FAILED = "Failed to update media";

export async function showcaseEditAction(form: FormData, who: AuditContext) {
  const parsed = parseForm(showcaseAddSchema, form);
  const { values } = parsed;
  const id = values.id ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(id)) return refuse(FAILED, { intent, values });
  if (!parsed.ok) return refuse(FAILED, { intent, values, fieldErrors: parsed.fieldErrors });
  const input = parsed.data;
  if (!input.title || !input.mediaUrl) {
    return refuse("Please fill in URL and title", {
      intent,
      values,
      fieldErrors: {
        title: input.title ? undefined : "Enter a title",
        mediaUrl: input.mediaUrl ? undefined : "Enter a media URL or upload a file",
      },
    });
  }
  try {
    const altErrors = input.mediaType === "image" ? await missingAltText({ mediaUrl: input.mediaUrl }) : {};
    if (Object.keys(altErrors).length > 0) {
      return refuse(MEDIA_MESSAGES.altMissingToast, { intent, values, fieldErrors: altErrors });
    }
    const saved = await updateShowcaseItem(id, input, who, { base: values.base || undefined });
    if (saved.status !== "saved") return refusedEdit(saved, EDIT_SUBJECTS.showcase, { intent, values });
    return done("Media updated successfully", { intent });
  } catch (error) {
    logger.error({ err: error }, "failed to update showcase media");
    return refuse(FAILED, { intent, values }, 500);
  }
}

// The one create / update / publish-toggle / delete action of the content screens (admin blog and academy): they
// differ only in schema, required fields, messages and model functions, so the HTTP flow is written once here.
import type { z } from "zod";
import { forbidden } from "~/auth/permissions.server";
import { ForbiddenError } from "~/auth/roles";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { SLUG_TAKEN } from "~/lib/cms-messages";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { done, formValues, gone, parseRequiredForm, refuse } from "~/lib/forms";
import { MEDIA_MESSAGES } from "~/lib/media";
import type { ContentActor } from "~/models/content-writes.server";
import { SlugTakenError } from "~/models/content-writes.server";
import { conflictWith, StaleEditError } from "~/models/edit-conflicts.server";
import { missingAltText } from "~/models/media.server";
import { isPublished } from "~/models/published.server";

/** The messages a content screen shows (verbatim product texts, from BLOG_MESSAGES / ACADEMY_MESSAGES). */
export interface ContentMessages {
  required: string;
  created: string;
  createFailed: string;
  updated: string;
  updateFailed: string;
  published: string;
  drafted: string;
  statusFailed: string;
  deleted: string;
  deleteFailed: string;
}

type Row = Parameters<typeof isPublished>[0];

export interface ContentActionConfig<T> {
  /** Names the screen in the logs ("Blog", "Academy"). */
  label: string;
  /** The form's schema, reading "Publish at" in the site's time zone (`zone`). */
  schema: (zone: string) => z.ZodType<T>;
  required: readonly string[];
  messages: ContentMessages;
  create: (input: T, who: ContentActor) => Promise<unknown>;
  /**
   * Each answers undefined when the row is already gone. `base` is the version the editor loaded: a row saved since
   * is refused with StaleEditError.
   */
  update: (id: string, input: T, who: ContentActor, base: string | undefined) => Promise<unknown>;
  toggle: (id: string, who: ContentActor) => Promise<Row | undefined>;
  remove: (id: string, who: ContentActor) => Promise<unknown>;
  /** The form's image fields and their URLs: a library image without alt text is refused (ADR 019). */
  imageFields?: (input: T) => Record<string, string | null | undefined>;
}

/**
 * Runs the intent a content screen posted ("create", "update", "toggle", "delete") and answers an ActionResult. The
 * models check the member's role against the item (whose it is, whether it is live); their refusal is a 403.
 */
export async function contentAction<T extends Record<string, unknown>>(
  config: ContentActionConfig<T>,
  form: FormData,
  who: ContentActor,
) {
  const { label, messages } = config;
  const { id: rawId, intent: rawIntent, base: rawBase, ...echo } = formValues(form);
  const intent = rawIntent ?? "";
  const id = rawId ?? "";
  const base = rawBase || undefined;

  switch (intent) {
    case "create":
    case "update": {
      const failed = intent === "create" ? messages.createFailed : messages.updateFailed;
      const parsed = parseRequiredForm(
        config.schema(env().siteTimeZone),
        form,
        config.required,
        messages.required,
      );
      if (!parsed.ok)
        return refuse(parsed.message, { intent, fieldErrors: parsed.fieldErrors, values: echo });
      try {
        const altErrors = config.imageFields ? await missingAltText(config.imageFields(parsed.data)) : {};
        if (Object.keys(altErrors).length > 0) {
          return refuse(MEDIA_MESSAGES.altMissingToast, { intent, fieldErrors: altErrors, values: echo });
        }
        if (intent === "create") {
          await config.create(parsed.data, who);
          return done(messages.created, { intent });
        }
        if (!(await config.update(id, parsed.data, who, base))) return gone(failed, { intent, values: echo });
        return done(messages.updated, { intent });
      } catch (error) {
        if (error instanceof ForbiddenError) throw forbidden(error.capability);
        if (error instanceof StaleEditError) {
          const conflict = await conflictWith(error.current);
          return refuse(CONFLICT_MESSAGES.refused, { intent, values: echo, conflict }, 409);
        }
        if (error instanceof SlugTakenError)
          return refuse(failed, { intent, fieldErrors: { slug: SLUG_TAKEN }, values: echo });
        logger.error({ err: error, intent }, `${label} write failed`);
        return refuse(failed, { intent, values: echo }, 500);
      }
    }
    case "toggle": {
      try {
        const row = await config.toggle(id, who);
        if (!row) return gone(messages.statusFailed, { intent });
        return done(isPublished(row) ? messages.published : messages.drafted, { intent });
      } catch (error) {
        if (error instanceof ForbiddenError) throw forbidden(error.capability);
        logger.error({ err: error }, `${label} status toggle failed`);
        return refuse(messages.statusFailed, { intent }, 500);
      }
    }
    case "delete": {
      try {
        if (!(await config.remove(id, who))) return gone(messages.deleteFailed, { intent });
        return done(messages.deleted, { intent });
      } catch (error) {
        if (error instanceof ForbiddenError) throw forbidden(error.capability);
        logger.error({ err: error }, `${label} delete failed`);
        return refuse(messages.deleteFailed, { intent }, 500);
      }
    }
    default:
      return refuse("Unknown action", { intent });
  }
}

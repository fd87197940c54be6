// One item of the content API by id (/functions/v1/content-api/{blog|academy}/{id}): GET answers it, published or
// not, with its ETag; PATCH changes the fields sent, checked as on create, and honours If-Match: a tag that no longer
// names the item's version gets 412 and changes nothing. Without If-Match the update goes through as any save does.
import { auditContext } from "~/infra/request-context.server";
import {
  academyUpdateSchema,
  blogUpdateSchema,
  type ContentCollection,
  withoutUnknownBlocks,
} from "~/lib/content-api-schemas";
import type { ApiKeySummary } from "~/models/api-keys.server";
import {
  getContentItem,
  lastSave,
  type UpdateResult,
  updateContentItemFromApi,
} from "~/models/content-api-updates.server";
import { apiError, fieldErrors, ifMatchOf, itemTag, json, readJsonBody } from "./content-api-http.server";

export const ITEM_ALLOW = "GET, HEAD, PATCH";

const NOUNS: Record<ContentCollection, string> = { blog: "blog post", academy: "academy item" };

const notFound = (collection: ContentCollection) => apiError(404, `No ${NOUNS[collection]} has this id.`);

/** GET /{collection}/{id}: the item whatever its status, with its ETag. Never cached: drafts bump no version. */
export async function handleItemGet(collection: ContentCollection, id: string): Promise<Response> {
  const read = await getContentItem(collection, id);
  if (!read) return notFound(collection);
  return json({ data: read.item }, 200, { ETag: itemTag(read.version) });
}

/** The 412 answer: who saved the item since the client read it, when, and how to go on. */
function stale(collection: ContentCollection, current: { version: string; savedBy: string | null }) {
  const tag = itemTag(current.version);
  const who = current.savedBy ? `${current.savedBy} saved it` : "It was saved";
  return apiError(
    412,
    `Not saved: this ${NOUNS[collection]} changed after you read it. ${who} at ${current.version}; its ETag ` +
      `is now ${tag}. Read it again, apply your change to that version and send its ETag in If-Match.`,
    { headers: { ETag: tag } },
  );
}

function refused(collection: ContentCollection, result: Exclude<UpdateResult, { ok: true }>): Response {
  switch (result.reason) {
    case "gone":
      return notFound(collection);
    case "stale":
      return stale(collection, result);
    case "slug-taken":
      return apiError(409, `A ${collection} item with the slug "${result.slug}" already exists.`);
    case "invalid":
      return apiError(400, "Invalid fields.", { fields: result.fields });
  }
}

/**
 * PATCH /{collection}/{id}. As HTTP orders it: the item must exist (404), then If-Match must name its version (412),
 * then the fields are checked (400); the model checks the version again under the row's lock.
 */
export async function handleItemPatch(
  request: Request,
  collection: ContentCollection,
  id: string,
  key: ApiKeySummary,
  ip: string,
): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const ifMatch = ifMatchOf(request);
  if (ifMatch === undefined) {
    return apiError(
      400,
      'If-Match must name the ETag a read gave, in double quotes (If-Match: "…"), or be *.',
    );
  }
  const current = await getContentItem(collection, id);
  if (!current) return notFound(collection);
  if (Array.isArray(ifMatch) && !ifMatch.includes(itemTag(current.version))) {
    const saved = await lastSave(collection, id);
    return saved ? stale(collection, saved) : notFound(collection);
  }
  const { body: input, warnings } = withoutUnknownBlocks(collection, body.value);
  const parsed = (collection === "blog" ? blogUpdateSchema : academyUpdateSchema).safeParse(input);
  if (!parsed.success) return apiError(400, "Invalid fields.", { fields: fieldErrors(parsed.error) });
  if (Object.keys(parsed.data).length === 0) {
    return apiError(400, "Nothing to change: send at least one of the item's fields.", {
      fields: { body: ["Send at least one field"] },
    });
  }
  // The key acts under its visible start: the audit trail must never hold a whole key.
  const who = auditContext(`api-key:${key.keyStart}`, request, ip);
  const base = Array.isArray(ifMatch) ? current.version : undefined;
  const result = await updateContentItemFromApi(collection, id, parsed.data, who, base);
  if (!result.ok) return refused(collection, result);
  return json(warnings.length > 0 ? { data: result.item, warnings } : { data: result.item }, 200, {
    ETag: itemTag(result.version),
  });
}

// What the content API's OpenAPI document is made of, shared by its parts (app/lib/content-api-openapi.ts and
// content-api-openapi-forms.ts): JSON Schema from the zod schemas the server validates with, references, and the
// error answers every operation has.
import { z } from "zod";

export type JsonObject = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonObject;
  return rest;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** `{ data: <item> }`, the answer of a create or single read. */
export const single = (name: string) => ({
  type: "object",
  properties: { data: ref(name) },
  required: ["data"],
});
export const jsonContent = (schema: JsonObject) => ({ "application/json": { schema } });
export const errorResponse = (description: string, headers?: JsonObject) => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent(ref("Error")),
});

/** The errors any operation may answer (an operation may say more of one, e.g. which permission its 403 needs). */
export const COMMON_ERRORS = {
  "401": errorResponse("The x-api-key header is missing or the key is unknown."),
  "403": errorResponse("The key is deactivated or lacks the content_management permission."),
  "405": errorResponse("Method not allowed. The Allow header lists the methods.", {
    Allow: { schema: { type: "string" }, description: "GET, HEAD, POST; for one item GET, HEAD, PATCH" },
  }),
  "429": errorResponse("Too many requests for this key, or too many failed key attempts from this address.", {
    "Retry-After": {
      schema: { type: "integer", minimum: 1 },
      description: "Seconds until the limit resets.",
    },
  }),
  "500": errorResponse("Unexpected server error."),
  "503": errorResponse("The database is briefly unreachable; nothing was saved. Retry after Retry-After.", {
    "Retry-After": {
      schema: { type: "integer", minimum: 1 },
      description: "Seconds to wait before retrying.",
    },
  }),
};

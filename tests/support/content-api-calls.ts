// Calling the content API's route modules with real Requests, every response checked against the OpenAPI document
// the API serves, for its contract tests (app/routes/api/content-api*.int.test.ts).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, expect, vi } from "vitest";
import { setupTestDatabase } from "./test-db";

// Read once by env(); set before anything asks for it. A small per-key limit keeps the 429 test quick.
export const RATE_LIMIT = 40;
process.env.CONTENT_API_RATE_LIMIT = String(RATE_LIMIT);
process.env.RATE_LIMIT_FACTOR = "1";

const { CONTENT_API_BASE_PATH } = await import("~/lib/content-api-schemas");
const { requestInfoContext } = await import("~/infra/request-context.server");
const { createApiKey } = await import("~/models/api-keys.server");
const contentApi = await import("~/routes/api/content-api");
const openApiRoute = await import("~/routes/api/content-api-openapi");

export const who = { actor: "model-test@example.com" };
export const ORIGIN = "http://localhost:3000";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked against the OpenAPI schemas, not typed
export type Json = Record<string, any>;
interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
}

let doc: Json;
let ajv: InstanceType<typeof Ajv2020>;

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/** The document's path for a request's: one item's (/blog/<id>) is documented as /blog/{id}, a form's likewise. */
const documented = (path: string) =>
  doc.paths[path]
    ? path
    : path
        .replace(/^\/(blog|academy)\/[^/]+$/, "/$1/{id}")
        .replace(/^\/forms\/[^/]+(\/submissions)?$/, "/forms/{id}$1");

/** Asserts the body matches the schema the OpenAPI document gives for this path, method and status. */
function expectDocumented(path: string, method: string, status: number, body: unknown) {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  expect(operation.responses[String(status)], `${method} ${path} documents ${status}`).toBeDefined();
  const validate = ajv.compile({
    $ref: `openapi.json#/${pointer("paths", path, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
  });
  const ok = validate(body);
  expect(ok, JSON.stringify(validate.errors, null, 2)).toBe(true);
}

function context(ip = "203.0.113.9") {
  const ctx = new RouterContextProvider();
  ctx.set(requestInfoContext, { ip, nonce: "" });
  return ctx;
}

async function call(
  method: string,
  path: string,
  options: {
    key?: string;
    body?: unknown;
    raw?: BodyInit;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<ApiResponse> {
  const url = new URL(`${ORIGIN}${CONTENT_API_BASE_PATH}${path}`);
  const headers = new Headers(options.headers);
  if (options.key !== undefined) headers.set("x-api-key", options.key);
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
  const args = {
    request,
    params: { "*": url.pathname.slice(CONTENT_API_BASE_PATH.length + 1) },
    context: context(options.ip),
  } as never;
  const isRead = method === "GET" || method === "HEAD";
  const response = (isRead ? await contentApi.loader(args) : await contentApi.action(args)) as Response;
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const json = (await response.json()) as Json;
  const documentedPath = documented(url.pathname.slice(CONTENT_API_BASE_PATH.length));
  if (doc.paths[documentedPath]?.[method.toLowerCase()]) {
    expectDocumented(documentedPath, method, response.status, json);
  } else {
    // Paths and methods outside the document still answer with the one error shape.
    const validate = ajv.compile({ $ref: "openapi.json#/components/schemas/Error" });
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  }
  return { status: response.status, headers: response.headers, body: json };
}

async function newKey(name = "test key", permissions?: Parameters<typeof createApiKey>[2]) {
  return createApiKey(name, who, permissions);
}

export const COLLECTIONS = ["blog", "academy"] as const;
export const validBody = (collection: (typeof COLLECTIONS)[number], title: string, extra: Json = {}) =>
  collection === "blog"
    ? { title, description: `About ${title}`, category: "Sales", tags: ["a", "b"], ...extra }
    : { title, description: `About ${title}`, category: "Sales", tags: "x, y, ,x", ...extra };

/**
 * A fresh database, the OpenAPI document read from its route before the file's tests, and mocks restored after each
 * test. `call` answers a request to the API (checked against the document); `document` is the document.
 */
export function contentApiHarness() {
  const test = setupTestDatabase();
  beforeAll(async () => {
    const response = await openApiRoute.loader();
    doc = await response.json();
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(ajv);
    ajv.addSchema(doc, "openapi.json");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return { test, call, newKey, document: () => doc };
}

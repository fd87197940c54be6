// Hostile block lists through both paths that store a page's blocks — the page editor's action (signed in as the
// administrator, new pages and edits of the landing page) and the content API's POST /pages — on a real database
// (PGlite, and PostgreSQL with TEST_DATABASE_URL). Every answer is a success or a 4xx with a message, never a 5xx
// or an exception; afterwards every stored page, read back through the model, passes the block schemas unchanged.
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { BLOCK_TYPES, parsePageBlocks } from "~/blocks/registry";
import { requestInfoContext } from "~/infra/request-context.server";
import { CONTENT_API_BASE_PATH } from "~/lib/content-api-schemas";
import { createApiKey } from "~/models/api-keys.server";
import { ensureBuiltInPages, listPages } from "~/models/pages.server";
import * as pageEdit from "../../app/routes/admin/page-edit";
import * as contentApi from "../../app/routes/api/content-api";
import { hostileBlocks, hostileValue, SEED_BLOCKS } from "../support/block-fuzz";
import { setupTestDatabase } from "../support/test-db";

process.env.ADMIN_EMAIL = "admin@example.com";
process.env.ADMIN_PASSWORD = "page-fuzz-admin-password";
const ORIGIN = "http://localhost:3000";
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

setupTestDatabase();
let cookie = "";
let apiKey = "";
let homeId = "";

beforeAll(async () => {
  await initAuth();
  await bootstrapAdmin();
  const { headers } = await auth().api.signInEmail({
    body: { email: "admin@example.com", password: "page-fuzz-admin-password" },
    returnHeaders: true,
  });
  cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  apiKey = (await createApiKey("fuzz", { actor: "fuzz@example.com" })).plaintext;
  await ensureBuiltInPages();
  const home = (await listPages()).find((p) => p.path === "/");
  if (!home) throw new Error("no landing page");
  homeId = home.id;
});

function context() {
  const ctx = new RouterContextProvider();
  ctx.set(requestInfoContext, { ip: "198.51.100.7", nonce: "" });
  return ctx;
}

interface Answer {
  status: number;
  message: string | undefined;
}

/** Posts the page editor's form (the page as JSON in one field) as the signed-in administrator. */
async function editorSave(id: string, page: string): Promise<Answer> {
  const request = new Request(`${ORIGIN}/admin/pages/${id}`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body: new URLSearchParams({ intent: "save", page }),
  });
  let result: unknown;
  try {
    result = await pageEdit.action({ request, params: { id }, context: context() } as never);
  } catch (thrown) {
    // A created page redirects to its editor.
    if (thrown instanceof Response)
      return { status: thrown.status, message: thrown.headers.get("location") ?? "" };
    throw thrown;
  }
  const { data, init } = result as { data: { toast?: { message: string } }; init?: { status?: number } };
  return { status: init?.status ?? 200, message: data.toast?.message };
}

async function apiCreate(body: string): Promise<Answer> {
  const url = new URL(`${ORIGIN}${CONTENT_API_BASE_PATH}/pages`);
  const request = new Request(url, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body,
  });
  const response = (await contentApi.action({
    request,
    params: { "*": "pages" },
    context: context(),
  } as never)) as Response;
  const json = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: response.ok ? "created" : json.error?.message };
}

/** The JSON a client would send: the page with fuzzed blocks, or now and then a fuzzed page altogether. */
const pageBody = (path: string) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: hostileBlocks.map((blocks) => ({ title: "Fuzzed", path, status: "published", blocks })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        title: hostileValue,
        path: hostileValue,
        status: hostileValue,
        blocks: hostileBlocks,
      }),
    },
    { weight: 1, arbitrary: hostileValue },
  );

/** JSON.stringify, or a string that is not JSON at all. */
const serialized = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 9, arbitrary: body.map((value) => JSON.stringify(value) ?? "") },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[1,", "\u0000", `{"blocks":${"[".repeat(5000)}`) },
  );

/** Every answer a success (2xx, or the redirect after a create) or a 4xx with a message; counts the successes. */
function checkAnswer(answer: Answer, tally: { saved: number; refused: number }) {
  expect(answer.status).toBeLessThan(500);
  expect(answer.message, `answer ${answer.status} carries a message`).toBeTruthy();
  if (answer.status < 400) tally.saved++;
  else tally.refused++;
}

/** Every stored page's blocks, read back through the model, pass the schemas and come out as they were stored. */
async function expectEveryStoredPageValid() {
  const rows = await listPages();
  for (const row of rows) {
    const parsed = parsePageBlocks(row.blocks);
    expect(parsed, `${row.path}: ${JSON.stringify(parsed.ok ? "" : parsed.errors)}`).toMatchObject({
      ok: true,
    });
    if (parsed.ok) expect(parsed.blocks, row.path).toEqual(row.blocks);
  }
  return rows.length;
}

describe("hostile block lists", () => {
  it("the page editor's action answers 2xx/3xx or 4xx with a message, and stores only valid blocks", async () => {
    const tally = { saved: 0, refused: 0 };
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        serialized(pageBody("/")),
        serialized(pageBody("/lp/editor-fuzz")),
        async (editHome, homeBody, newBody) => {
          // Edits of the landing page, and new pages (each at a path of its own, so most can be created).
          const answer = editHome
            ? await editorSave(homeId, homeBody)
            : await editorSave("new", newBody.replace("/lp/editor-fuzz", `/lp/editor-fuzz-${n++}`));
          checkAnswer(answer, tally);
        },
      ),
      { numRuns: RUNS },
    );
    // Not vacuous: plenty of what was sent was stored, and plenty refused.
    expect(tally.saved).toBeGreaterThan(RUNS / 10);
    expect(tally.refused).toBeGreaterThan(RUNS / 10);
    expect(await expectEveryStoredPageValid()).toBeGreaterThan(2);
  });

  it("the content API's POST /pages answers 201 or 4xx with a message, and stores only valid blocks", async () => {
    const tally = { saved: 0, refused: 0 };
    let n = 0;
    await fc.assert(
      fc.asyncProperty(serialized(pageBody("/lp/api-fuzz")), async (body) => {
        checkAnswer(await apiCreate(body.replace("/lp/api-fuzz", `/lp/api-fuzz-${n++}`)), tally);
      }),
      { numRuns: RUNS },
    );
    expect(tally.saved).toBeGreaterThan(RUNS / 10);
    expect(tally.refused).toBeGreaterThan(RUNS / 10);
    await expectEveryStoredPageValid();
  });

  it("the seeds are valid blocks of every type, so a refusal is the fuzzing's doing", () => {
    for (const seed of SEED_BLOCKS)
      expect(parsePageBlocks([seed]), JSON.stringify(seed)).toMatchObject({ ok: true });
    expect(new Set(SEED_BLOCKS.map((b) => (b as { type: string }).type))).toEqual(new Set(BLOCK_TYPES));
  });
});

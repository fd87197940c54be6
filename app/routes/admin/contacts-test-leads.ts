// End-to-end test fixture: POST JSON { contact?, subscriber?, submission? } to insert leads directly, so inbox
// tests need not go through the rate-limited public forms. Admin only, and 404 unless E2E_TEST_ROUTES=true
// (set only by playwright.config.ts), so production has no such path.
import { requireAdmin } from "~/auth/guard.server";
import { env } from "~/env.server";
import { insertTestLeads } from "~/models/contacts-admin.server";
import type { Route } from "./+types/contacts-test-leads";

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, { json: true });
  if (!env().testRoutes) return new Response("Not found", { status: 404 });
  const body = (await request.json()) as Parameters<typeof insertTestLeads>[0];
  return Response.json(await insertTestLeads(body), { status: 201 });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { json: true });
  return new Response("Not found", { status: 404 });
}

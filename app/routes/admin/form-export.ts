// A form's submissions as a CSV attachment (leads.export: the same members who export the inbox's lists).
import { requireCan } from "~/auth/permissions.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { exportFormResponsesCsv } from "~/models/form-response-reads.server";
import type { Route } from "./+types/form-export";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "leads.export");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const csv = await exportFormResponsesCsv(params.id, who);
  if (csv === undefined) throw new Response("Form not found", { status: 404 });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="form-submissions-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

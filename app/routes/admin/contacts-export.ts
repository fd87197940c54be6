// CSV export of one lead list (contacts, subscribers, submissions), honouring the inbox's filter (?q=, status, kind, from, to).
import { requireCan } from "~/auth/permissions.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { filterFromSearch } from "~/models/contacts-admin.server";
import { EXPORT_LISTS, type ExportList, exportLeadsCsv } from "~/models/contacts-export.server";
import type { Route } from "./+types/contacts-export";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "leads.export");
  const list = params.list.replace(/\.csv$/, "");
  if (!(EXPORT_LISTS as readonly string[]).includes(list)) {
    throw new Response("Unknown list", { status: 404 });
  }
  const filter = filterFromSearch(new URL(request.url).searchParams, admin.userId);
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const csv = await exportLeadsCsv(list as ExportList, filter, who);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${list}-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

// /admin/api-keys: totals, the keys (masked, with their permissions), create (a name and the permissions chosen;
// the full key shown once), activate/deactivate, delete, and how to call the content API. Keys are generated and
// hashed on the server (ADR 007).
import { useEffect } from "react";
import { data, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { ApiKeyCreateDialog, type CreateKeyResult } from "~/components/admin/api-key-create-dialog";
import { ApiKeyList } from "~/components/admin/api-key-list";
import { ApiKeyUsage } from "~/components/admin/api-key-usage";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { createApiKeySchema } from "~/lib/api-keys";
import { done, fieldErrorsOf, gone, refuse } from "~/lib/forms";
import {
  apiKeyTotals,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  setApiKeyActive,
} from "~/models/api-keys.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/api-keys";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "api-keys.manage");
  try {
    const [keys, totals] = await Promise.all([listApiKeys(), apiKeyTotals()]);
    return data({ keys, totals, loadFailed: false }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    logger.error({ err: error }, "Failed to load API keys");
    return data(
      { keys: [], totals: { total: 0, active: 0, used: 0 }, loadFailed: true },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }
}

export function meta() {
  return [{ title: "API Keys · Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

const idSchema = z.uuid();

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "api-keys.manage");
  const form = await request.formData();
  const intent = form.get("intent");
  const who = auditContext(admin.email, request, requestInfo(context).ip);

  if (intent === "create") {
    const keyName = String(form.get("keyName") ?? "");
    const parsed = createApiKeySchema.safeParse({ keyName, permissions: form.getAll("permissions") });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      const message = fieldErrors.keyName ?? fieldErrors.permissions ?? "Please enter a key name";
      return refuse(message, { fieldErrors, values: { keyName } });
    }
    try {
      const { key, plaintext } = await createApiKey(parsed.data.keyName, who, parsed.data.permissions);
      return data<CreateKeyResult>(
        {
          ok: true,
          toast: { type: "success", message: "API key created successfully" },
          created: { id: key.id, keyName: key.keyName, key: plaintext },
        },
        // The response carries the key's only plaintext copy: no cache may keep it.
        { headers: { "Cache-Control": "no-store" } },
      );
    } catch (error) {
      logger.error({ err: error }, "Failed to create API key");
      return refuse("Failed to create API key", {}, 500);
    }
  }

  const id = idSchema.safeParse(form.get("id"));
  if (intent === "toggle") {
    const active = form.get("active");
    const failed = "Failed to update API key";
    if (!id.success || (active !== "true" && active !== "false")) return refuse(failed);
    try {
      const key = await setApiKeyActive(id.data, active === "true", who);
      if (!key) return gone(failed);
      return done(key.isActive ? "API key activated" : "API key deactivated");
    } catch (error) {
      logger.error({ err: error }, failed);
      return refuse(failed, {}, 500);
    }
  }

  if (intent === "delete") {
    const failed = "Failed to delete API key";
    if (!id.success) return refuse(failed);
    try {
      if (!(await deleteApiKey(id.data, who))) return gone(failed);
      return done("API key deleted");
    } catch (error) {
      logger.error({ err: error }, failed);
      return refuse(failed, {}, 500);
    }
  }

  return refuse("Unknown action");
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card className="p-3 sm:p-5">
      <h2 className="text-xs font-medium text-slate-600 sm:text-sm">{label}</h2>
      <p className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{value}</p>
    </Card>
  );
}

export default function ApiKeysPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { keys, totals, loadFailed } = loaderData;
  useEffect(() => {
    if (loadFailed) toast.error("Failed to load API keys");
  }, [loadFailed]);

  return (
    <>
      <AdminPageHeader
        title="API Keys"
        description="Keys for publishing content and sending form submissions through the content API"
        actions={<ApiKeyCreateDialog />}
      />
      <section aria-label="API key totals" className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
        <Stat label="Total Keys" value={totals.total} />
        <Stat label="Active Keys" value={totals.active} />
        <Stat label="Used Keys" value={totals.used} />
      </section>
      <Card className="mb-6">
        <CardHeader className="border-b border-slate-200">
          <CardTitle>Your API keys</CardTitle>
        </CardHeader>
        <ApiKeyList keys={keys} />
      </Card>
      <ApiKeyUsage baseUrl={root?.baseUrl ?? originFallback()} />
    </>
  );
}

/** The browser's own origin, should the root loader's data be missing (it is always there after SSR). */
function originFallback(): string {
  return typeof window === "undefined" ? "" : window.location.origin;
}

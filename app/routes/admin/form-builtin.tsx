// /admin/forms/built-in/:key: the texts of one of the site's own forms (the contact form, the contact and demo dialog,
// the newsletter sign-up; docs/product.md, Forms). Its fields, checks, error messages and where its submissions go are
// the product's; the member changes the texts only, each checked on the server (app/lib/builtin-forms.ts). A save
// carries the version the editor loaded; one over a newer save is refused with that save's author and texts (409).
import { data } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { BuiltinFormEditor } from "~/components/admin/builtin-form-editor";
import { env } from "~/env.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { BUILTIN_FORMS, checkTexts, isBuiltinFormKey } from "~/lib/builtin-forms";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { done, formValues, gone, refuse } from "~/lib/forms";
import {
  builtinConflict,
  builtinSnapshot,
  getBuiltinForm,
  saveBuiltinForm,
} from "~/models/builtin-forms.server";
import { versionOf } from "~/models/edit-conflicts.server";
import type { Route } from "./+types/form-builtin";

const BUILTIN_EDIT_MESSAGES = {
  saved: "Texts saved",
  invalid: "Please check the highlighted texts",
  unknown: "There is no such built-in form.",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCan({ request, context }, "forms.manage");
  if (!isBuiltinFormKey(params.key)) throw data("Form not found", { status: 404 });
  const row = await getBuiltinForm(params.key);
  return data(
    {
      formKey: params.key,
      version: versionOf(row),
      texts: builtinSnapshot(row),
      timeZone: env().siteTimeZone,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const name = loaded ? BUILTIN_FORMS[loaded.formKey].name : "Form";
  return [{ title: adminTitle(`Edit ${name}`) }, { name: "robots", content: "noindex, nofollow" }];
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "forms.manage");
  const body = await request.formData();
  const intent = String(body.get("intent") ?? "save");
  const { key } = params;
  if (!isBuiltinFormKey(key)) return gone(BUILTIN_EDIT_MESSAGES.unknown, { intent });
  if (intent !== "save") return refuse("Unknown action", { intent });
  const values = formValues(body);
  const checked = checkTexts(key, values);
  if (!checked.ok)
    return refuse(BUILTIN_EDIT_MESSAGES.invalid, { intent, fieldErrors: checked.fieldErrors, values });
  const base = body.get("base");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const saved = await saveBuiltinForm(key, checked.texts, who, {
    base: typeof base === "string" && base ? base : undefined,
  });
  if (!saved.ok) {
    const conflict = await builtinConflict(saved.current);
    return refuse(CONFLICT_MESSAGES.refused, { intent, conflict, values }, 409);
  }
  return done(BUILTIN_EDIT_MESSAGES.saved, { intent, version: versionOf(saved.form) });
}

export default function BuiltinFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <BuiltinFormEditor key={loaderData.formKey} {...loaderData} result={actionData} />;
}

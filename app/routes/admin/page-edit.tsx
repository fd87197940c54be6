// /admin/pages/:id ("new" for a new page): the page editor. Loads the page, the block palette and what the live
// preview shows besides the blocks; saves the whole page (head fields and blocks) in one action, validated on the
// server (app/lib/page-form.ts). The model keeps redirects, webhooks and the content version (ADR 033). A save carries
// the version the editor loaded; one over a newer save is refused with that save's author and content (409).
import { data, redirect } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { BLOCK_ICON_NAMES } from "~/blocks/icons";
import { BLOCK_TYPES, BLOCKS } from "~/blocks/registry";
import { PageEditor } from "~/components/admin/page-editor";
import type { PaletteEntry } from "~/components/admin/use-block-list";
import { env } from "~/env.server";
import { flashCookie } from "~/infra/flash.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { done, gone, refuse } from "~/lib/forms";
import { PAGE_MESSAGES, parsePage } from "~/lib/page-form";
import { BUILT_IN_PATHS } from "~/lib/page-paths";
import { snapshotOf } from "~/lib/revision-fields";
import { visibleNavigation } from "~/lib/site-navigation";
import { siteFormTexts } from "~/models/builtin-forms.server";
import { conflictWith } from "~/models/edit-conflicts.server";
import { publicForms } from "~/models/forms.server";
import { deletePage, getPage, pageDataFor, savePage, storedBlocks } from "~/models/pages.server";
import { getSettings } from "~/models/settings.server";
import { getNavigation } from "~/models/site-navigation.server";
import type { Route } from "./+types/page-edit";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCan({ request, context }, "pages.manage");
  const row = params.id === "new" ? undefined : await getPage(params.id);
  if (params.id !== "new" && !row) throw data("Page not found", { status: 404 });
  const blocks = row ? storedBlocks(row) : [];
  // The form block chooses among the site's forms (a draft shows nothing to visitors until it is opened).
  const forms = await publicForms();
  const formChoices = [
    { value: "", label: forms.size > 0 ? "Choose a form" : "No forms yet: build one under Forms" },
    ...[...forms.values()].map((f) => ({
      value: f.id,
      label: f.status === "draft" ? `${f.name} (draft)` : f.name,
    })),
  ];
  const palette: PaletteEntry[] = BLOCK_TYPES.map((type) => ({
    type,
    label: BLOCKS[type].editor.label,
    description: BLOCKS[type].editor.description,
    fields: BLOCKS[type].editor.fields.map((field) =>
      type === "form" && field.name === "formId" && field.kind === "select"
        ? { ...field, options: formChoices }
        : field,
    ),
    create: BLOCKS[type].editor.create() as Record<string, unknown>,
  }));
  // What the preview shows besides the blocks: the showcase and the latest items (up to the most a block shows).
  const preview = await pageDataFor([
    { id: "preview-blog", type: "latest", source: "blog", heading: "-", count: 6 },
    { id: "preview-academy", type: "latest", source: "academy", heading: "-", count: 6 },
    {
      id: "preview-hero",
      type: "hero",
      layout: "split",
      badge: "",
      headline: "-",
      text: "",
      actions: [],
      checks: [],
      showcase: true,
    },
  ]);
  const [settings, navigation, texts] = await Promise.all([getSettings(), getNavigation(), siteFormTexts()]);
  return data(
    {
      page: row
        ? {
            id: row.id,
            path: row.path,
            title: row.title,
            metaTitle: row.metaTitle ?? "",
            metaDescription: row.metaDescription ?? "",
            socialImage: row.socialImage ?? "",
            canonical: row.canonical ?? "",
            noindex: row.noindex,
            status: row.status,
            publishAt: row.publishedAt && row.publishedAt > new Date() ? row.publishedAt.toISOString() : "",
            updatedAt: row.updatedAt.toISOString(),
            blocks: blocks as unknown as Array<Record<string, unknown>>,
          }
        : null,
      loaded: row ? snapshotOf(row) : null,
      builtIn: row ? BUILT_IN_PATHS.includes(row.path) : false,
      palette,
      icons: BLOCK_ICON_NAMES,
      preview: {
        showcase: preview.showcase,
        forms: Object.fromEntries(forms),
        latest: {
          blog: preview.latest["preview-blog"] ?? [],
          academy: preview.latest["preview-academy"] ?? [],
        },
      },
      // The site's own forms' texts, so the preview shows them as visitors will (Forms).
      site: {
        signupUrl: env().productSignupUrl,
        newsletterEnabled: settings.newsletterEnabled,
        dialog: texts.dialog,
        contact: texts.contact,
      },
      nav: visibleNavigation(navigation, { blogEnabled: settings.blogEnabled }),
      timeZone: env().siteTimeZone,
    },
    { headers: noStore },
  );
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const title = loaded?.page ? `Edit ${loaded.page.title}` : "New page";
  return [{ title: adminTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "pages.manage");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const id = params.id === "new" ? null : params.id;

  if (intent === "delete") {
    const row = id ? await getPage(id) : undefined;
    if (!row) return gone(PAGE_MESSAGES.deleteFailed, { intent });
    if (BUILT_IN_PATHS.includes(row.path)) return refuse(PAGE_MESSAGES.builtIn, { intent });
    await deletePage(row.id, who);
    throw redirect("/admin/pages", {
      headers: { "Set-Cookie": await flashCookie({ type: "success", message: PAGE_MESSAGES.deleted }) },
    });
  }

  let raw: unknown;
  try {
    raw = JSON.parse(String(form.get("page") ?? ""));
  } catch {
    return refuse(PAGE_MESSAGES.invalid, { intent, fieldErrors: { form: "The page could not be read." } });
  }
  const parsed = parsePage(raw);
  if (!parsed.ok) return refuse(PAGE_MESSAGES.invalid, { intent, fieldErrors: parsed.fieldErrors });
  const base = form.get("base");
  const saved = await savePage(id, parsed.page, who, {
    base: typeof base === "string" && base ? base : undefined,
  });
  if (!saved.ok) {
    if (saved.reason === "gone") return gone(PAGE_MESSAGES.gone, { intent });
    if (saved.reason === "conflict") {
      const conflict = await conflictWith(saved.current);
      return refuse(CONFLICT_MESSAGES.refused, { intent, conflict }, 409);
    }
    return refuse(PAGE_MESSAGES.pathTaken, { intent, fieldErrors: { path: PAGE_MESSAGES.pathTaken } }, 409);
  }
  if (!id) {
    throw redirect(`/admin/pages/${saved.page.id}`, {
      headers: { "Set-Cookie": await flashCookie({ type: "success", message: PAGE_MESSAGES.created }) },
    });
  }
  return done(PAGE_MESSAGES.saved, { intent });
}

export default function PageEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PageEditor key={loaderData.page?.id ?? "new"} {...loaderData} result={actionData} />;
}

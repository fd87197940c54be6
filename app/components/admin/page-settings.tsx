// The page editor's settings card: title, path, status and publication time, search and sharing fields, the save
// button (the whole page goes as one JSON field, `payload`) and deleting the page.
import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import type { Value } from "~/components/admin/page-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";

export interface EditedPage {
  id: string;
  path: string;
  title: string;
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  canonical: string;
  noindex: boolean;
  status: string;
  publishAt: string;
  updatedAt: string;
  blocks: Value[];
}

/** "2026-03-02T09:00:00" in the browser's zone, for a datetime-local input (to the second). */
function localInput(iso: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 19);
}

/** The settings form's fields of a page as loaded (a new page: empty, at "/"). */
export function headOf(page: EditedPage | null) {
  return {
    path: page?.path ?? "/",
    title: page?.title ?? "",
    metaTitle: page?.metaTitle ?? "",
    metaDescription: page?.metaDescription ?? "",
    socialImage: page?.socialImage ?? "",
    canonical: page?.canonical ?? "",
    noindex: page?.noindex ?? false,
    status: page?.status ?? "draft",
    publishAt: localInput(page?.publishAt ?? ""),
  };
}

/** The settings form's fields. */
export type PageHead = ReturnType<typeof headOf>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The page as the editor holds it, shaped like a revision's snapshot (to set beside a teammate's version). */
export function pageSnapshot(head: PageHead, blocks: Value[], loaded: Record<string, unknown>) {
  return {
    title: head.title,
    path: head.path,
    blocks,
    metaTitle: head.metaTitle || null,
    metaDescription: head.metaDescription || null,
    socialImage: head.socialImage || null,
    canonical: head.canonical || null,
    noindex: head.noindex,
    status: head.status,
    publishedAt: head.publishAt ? new Date(head.publishAt).toISOString() : (loaded.publishedAt ?? null),
  };
}

/** A teammate's version of the page (a revision's snapshot at `version`), as the editor loads a page. */
export function editedPageOf(id: string, version: string, snapshot: Record<string, unknown>): EditedPage {
  const publishedAt = text(snapshot.publishedAt);
  return {
    id,
    path: text(snapshot.path),
    title: text(snapshot.title),
    metaTitle: text(snapshot.metaTitle),
    metaDescription: text(snapshot.metaDescription),
    socialImage: text(snapshot.socialImage),
    canonical: text(snapshot.canonical),
    noindex: snapshot.noindex === true,
    status: text(snapshot.status) || "draft",
    publishAt: publishedAt && new Date(publishedAt) > new Date() ? publishedAt : "",
    updatedAt: version,
    blocks: Array.isArray(snapshot.blocks) ? (snapshot.blocks as Value[]) : [],
  };
}

export function PageSettings({
  head,
  onChange: setHead,
  payload,
  base,
  errors,
  saving,
  builtIn,
  deletable,
}: {
  head: PageHead;
  onChange: (head: PageHead) => void;
  /** The whole page as the form sends it. */
  payload: string;
  /** The version the editor loaded (app/lib/edit-conflict.ts); empty for a new page. */
  base: string;
  errors: Record<string, string | undefined>;
  saving: boolean;
  builtIn: boolean;
  /** A saved page (a new one has nothing to delete). */
  deletable: boolean;
}) {
  const headError = (name: string) => errors[name];
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">Page</h2>
      <Form method="post" className="mt-4 space-y-4" aria-label="Page settings">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="page" value={payload} />
        <input type="hidden" name="base" value={base} />
        <TextField
          id="page-title"
          label="Title"
          value={head.title}
          error={headError("title")}
          onChange={(e) => setHead({ ...head, title: e.target.value })}
        />
        <TextField
          id="page-path"
          label="Path"
          hint="Like /lp/spring-launch. The blog, academy, contact and back-office paths are taken."
          value={head.path}
          error={headError("path")}
          readOnly={builtIn}
          onChange={(e) => setHead({ ...head, path: e.target.value })}
        />
        <Field id="page-status" label="Status" error={headError("status")}>
          {(aria) => (
            <Select
              {...aria}
              value={head.status}
              onChange={(e) => setHead({ ...head, status: e.target.value })}
            >
              <option value="draft">Draft</option>
              <option value="published">Published</option>
              <option value="archived">Archived</option>
            </Select>
          )}
        </Field>
        {head.status === "published" ? (
          <TextField
            id="page-publish-at"
            type="datetime-local"
            step={1}
            label="Publish at (empty: now)"
            value={head.publishAt}
            error={headError("publishAt")}
            onChange={(e) => setHead({ ...head, publishAt: e.target.value })}
          />
        ) : null}
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            Search and sharing
          </summary>
          <div className="mt-3 space-y-4">
            <TextField
              id="page-meta-title"
              label="Meta title"
              value={head.metaTitle}
              error={headError("metaTitle")}
              onChange={(e) => setHead({ ...head, metaTitle: e.target.value })}
            />
            <TextField
              id="page-meta-description"
              label="Meta description"
              value={head.metaDescription}
              error={headError("metaDescription")}
              onChange={(e) => setHead({ ...head, metaDescription: e.target.value })}
            />
            <TextField
              id="page-social-image"
              label="Social image"
              value={head.socialImage}
              error={headError("socialImage")}
              onChange={(e) => setHead({ ...head, socialImage: e.target.value })}
            />
            <TextField
              id="page-canonical"
              label="Canonical address"
              value={head.canonical}
              error={headError("canonical")}
              onChange={(e) => setHead({ ...head, canonical: e.target.value })}
            />
            <label htmlFor="page-noindex" className="flex min-h-10 items-center gap-2 text-sm font-medium">
              <input
                id="page-noindex"
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={head.noindex}
                onChange={(e) => setHead({ ...head, noindex: e.target.checked })}
              />
              Keep out of search results (noindex)
            </label>
          </div>
        </details>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save page"}
          </Button>
        </div>
      </Form>
      {deletable && !builtIn ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete" />
          <ConfirmDialog
            trigger={
              <Button type="button" variant="ghost" className="text-red-700">
                <Trash2 aria-hidden /> Delete page
              </Button>
            }
            title="Delete this page?"
            description={`${head.path} will answer "page not found". This cannot be undone.`}
            onConfirm={() => {
              const form = document.querySelector<HTMLFormElement>("form:has(input[value='delete'])");
              form?.requestSubmit();
            }}
          />
        </Form>
      ) : null}
    </Card>
  );
}

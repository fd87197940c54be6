// /admin/blog: create form, the list (newest first) with the eye toggle, edit dialog and delete.
import { ExternalLink, Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import {
  BlogFormFields,
  blogValuesFromPost,
  blogValuesFromSubmission,
  emptyBlogValues,
} from "~/components/admin/blog-form";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import { adminTitle } from "~/lib/brand";
import { BLOG_MESSAGES } from "~/lib/cms-messages";
import { contentAction } from "~/lib/content-action.server";
import { blogPostSchema } from "~/lib/content-schemas";
import { formatShortDate } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import { requestInfo } from "~/lib/request-context.server";
import { type AuditContext, auditContext } from "~/models/audit.server";
import {
  type AdminBlogPost,
  createPost,
  deletePost,
  listAllPosts,
  togglePostStatus,
  updatePost,
} from "~/models/blog-admin.server";
import type { Route } from "./+types/blog";

const DELETE_FETCHER = "blog-delete";

export function meta() {
  return [{ title: adminTitle("Blog") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor({ request, context });
  return { posts: await listAllPosts() };
}

export type BlogActionResult = ActionResult;

const ACTION = {
  label: "Blog",
  schema: blogPostSchema,
  required: ["title", "slug"],
  messages: BLOG_MESSAGES,
  create: createPost,
  update: updatePost,
  toggle: async (id: string, who: AuditContext) => (await togglePostStatus(id, who))?.post,
  remove: deletePost,
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await adminFor({ request, context });
  const form = await request.formData();
  return contentAction(ACTION, form, auditContext(admin.email, request, requestInfo(context).ip));
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  useActionToast(actionData);
  useActionToast(useFetcher({ key: DELETE_FETCHER }).data);
  // A successful create clears the form by remounting it.
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (actionData?.intent === "create" && actionData.ok) setFormKey((k) => k + 1);
  }, [actionData]);
  const failedCreate = actionData?.intent === "create" && !actionData.ok ? actionData : undefined;

  return (
    <>
      <AdminPageHeader title="Blog" description="Write, publish and manage blog posts." />
      <Card className="mb-8">
        <CardHeader>
          <CardTitle>Create new post</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" key={formKey} noValidate aria-label="Create new post">
            <input type="hidden" name="intent" value="create" />
            <BlogFormFields
              mode="create"
              initial={failedCreate?.values ? blogValuesFromSubmission(failedCreate.values) : emptyBlogValues}
              errors={failedCreate?.fieldErrors}
            />
            <div className="mt-6 flex justify-end">
              <Button type="submit" disabled={creating}>
                {creating ? <Spinner label="Creating" /> : <Plus aria-hidden />}
                Create Post
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading" className="mb-3 text-lg font-semibold text-slate-900">
          All posts <span className="font-normal text-slate-600">({loaderData.posts.length})</span>
        </h2>
        {loaderData.posts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
            No blog posts yet. Create your first post above.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {loaderData.posts.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function PostRow({ post }: { post: AdminBlogPost }) {
  const toggler = useFetcher<BlogActionResult>();
  // Keyed, so the page (not this row, which disappears on success) shows the delete's toast.
  const deleter = useFetcher<BlogActionResult>({ key: DELETE_FETCHER });
  // Optimistic: the row shows the status the toggle is about to set.
  const status =
    toggler.state !== "idle" ? (post.status === "published" ? "draft" : "published") : post.status;
  const published = status === "published";
  useActionToast(toggler.data);
  const deleting = deleter.state !== "idle" && deleter.formData?.get("id") === post.id;
  const date = post.publishedAt ?? post.createdAt;

  return (
    <li className={deleting ? "opacity-50" : undefined} data-testid="post-row" data-slug={post.slug}>
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-slate-900">{post.title}</h3>
            <StatusBadge status={status} />
          </div>
          <p className="text-xs break-all text-slate-600">/blog/{post.slug}</p>
          {post.excerpt ? <p className="line-clamp-2 text-sm text-slate-700">{post.excerpt}</p> : null}
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>By {post.author}</span>
            {post.category ? <span>{post.category}</span> : null}
            <span>
              {published ? "Published" : "Created"}{" "}
              <time dateTime={date.toISOString()}>{formatShortDate(date)}</time>
            </span>
          </p>
          {post.tags.length ? (
            <p className="flex flex-wrap gap-1">
              {post.tags.map((t) => (
                <Badge key={t} variant="neutral">
                  {t}
                </Badge>
              ))}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <toggler.Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="id" value={post.id} />
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              title={published ? "Unpublish (move to draft)" : "Publish"}
              aria-label={published ? `Unpublish ${post.title}` : `Publish ${post.title}`}
            >
              {published ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            </Button>
          </toggler.Form>
          {post.status === "published" ? (
            <Button asChild variant="ghost" size="icon" title="View on site">
              <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden />
                <span className="sr-only">View {post.title} on the site (opens in a new tab)</span>
              </a>
            </Button>
          ) : null}
          <EditPostDialog post={post} />
          <ConfirmDialog
            description={BLOG_MESSAGES.deleteConfirm}
            onConfirm={() => deleter.submit({ intent: "delete", id: post.id }, { method: "post" })}
            trigger={
              <Button variant="ghost" size="icon" title="Delete" disabled={deleting}>
                <Trash2 className="text-red-700" aria-hidden />
                <span className="sr-only">Delete {post.title}</span>
              </Button>
            }
          />
        </div>
      </div>
    </li>
  );
}

function EditPostDialog({ post }: { post: AdminBlogPost }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<BlogActionResult>();
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" title="Edit">
          <Pencil aria-hidden />
          <span className="sr-only">Edit {post.title}</span>
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent
          className="max-w-3xl"
          // Escape inside the body editor leaves the editor; it must not close the dialog and lose edits.
          onEscapeKeyDown={(e) => {
            if ((e.target as Element | null)?.closest?.(".ProseMirror")) e.preventDefault();
          }}
        >
          <DialogHeader>
            <DialogTitle>Edit post</DialogTitle>
            <DialogDescription>
              Changes are live on the site as soon as you save a published post.
            </DialogDescription>
          </DialogHeader>
          <fetcher.Form method="post" noValidate aria-label="Edit post">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={post.id} />
            <BlogFormFields mode="edit" initial={blogValuesFromPost(post)} errors={failed?.fieldErrors} />
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? <Spinner label="Saving" /> : null}
                Save Changes
              </Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

// /admin/blog: create form, the list (newest first) with the eye toggle, edit dialog and delete.
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { memberActor, requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import {
  BlogFormFields,
  blogSnapshotFromSubmission,
  blogValuesFromPost,
  blogValuesFromSubmission,
  emptyBlogValues,
} from "~/components/admin/blog-form";
import { ContentEditDialog, ContentRowActions, useContentRow } from "~/components/admin/content-row";
import { ScheduledFor, StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import { env } from "~/env.server";
import { adminTitle } from "~/lib/brand";
import { BLOG_MESSAGES } from "~/lib/cms-messages";
import { type BlogPostInput, blogPostSchemaIn } from "~/lib/content-schemas";
import { formatShortDate } from "~/lib/dates";
import { rowOfSnapshot } from "~/lib/edit-conflict";
import type { AuditContext } from "~/models/audit.server";
import {
  type AdminBlogPost,
  createPost,
  deletePost,
  listAllPosts,
  togglePostStatus,
  updatePost,
} from "~/models/blog-admin.server";
import { isScheduled } from "~/models/published.server";
import { contentAction } from "~/routes/support/content-action.server";
import type { Route } from "./+types/blog";

const DELETE_FETCHER = "blog-delete";

export function meta() {
  return [{ title: adminTitle("Blog") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "content.view");
  const posts = (await listAllPosts()).map((post) => ({ ...post, scheduled: isScheduled(post) }));
  return { posts, timeZone: env().siteTimeZone };
}

const ACTION = {
  label: "Blog",
  schema: blogPostSchemaIn,
  required: ["title", "slug"],
  messages: BLOG_MESSAGES,
  create: createPost,
  update: (id: string, input: BlogPostInput, who: AuditContext, base: string | undefined) =>
    updatePost(id, input, who, new Date(), undefined, base),
  toggle: async (id: string, who: AuditContext) => (await togglePostStatus(id, who))?.post,
  remove: deletePost,
  imageFields: (post: BlogPostInput) => ({ featuredImage: post.featuredImage }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "content.create");
  const form = await request.formData();
  return contentAction(ACTION, form, memberActor(admin, { request, context }));
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
              timeZone={loaderData.timeZone}
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
              <PostRow key={post.id} post={post} timeZone={loaderData.timeZone} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function PostRow({ post, timeZone }: { post: AdminBlogPost & { scheduled: boolean }; timeZone: string }) {
  const row = useContentRow(post, DELETE_FETCHER);
  const { status, published, scheduled, deleting } = row;
  const date = post.publishedAt ?? post.createdAt;

  return (
    <li className={deleting ? "opacity-50" : undefined} data-testid="post-row" data-slug={post.slug}>
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-slate-900">{post.title}</h3>
            <StatusBadge status={status} scheduled={scheduled} />
          </div>
          <p className="text-xs break-all text-slate-600">/blog/{post.slug}</p>
          {post.excerpt ? <p className="line-clamp-2 text-sm text-slate-700">{post.excerpt}</p> : null}
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>By {post.author}</span>
            {post.category ? <span>{post.category}</span> : null}
            {scheduled ? (
              <ScheduledFor date={date} timeZone={timeZone} />
            ) : (
              <span>
                {published ? "Published" : "Created"}{" "}
                <time dateTime={date.toISOString()}>{formatShortDate(date)}</time>
              </span>
            )}
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
        <ContentRowActions
          kind="blog"
          timeZone={timeZone}
          item={post}
          row={row}
          viewHref={`/blog/${post.slug}`}
          deleteConfirm={BLOG_MESSAGES.deleteConfirm}
          editDialog={
            <ContentEditDialog
              kind="blog"
              timeZone={timeZone}
              item={post}
              title="Edit post"
              description="Changes are live on the site as soon as you save a published post."
              formLabel="Edit post"
              className="max-w-3xl"
              keepOpenOnEscapeIn=".ProseMirror"
              mineOf={blogSnapshotFromSubmission}
              fields={(errors, theirs) => (
                <BlogFormFields
                  mode="edit"
                  initial={blogValuesFromPost(theirs ? rowOfSnapshot<typeof post>(theirs) : post, timeZone)}
                  errors={errors}
                  timeZone={timeZone}
                />
              )}
            />
          }
        />
      </div>
    </li>
  );
}

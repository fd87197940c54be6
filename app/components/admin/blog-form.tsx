// The fields of the blog post form, shared by the create form and the edit dialog. Title, slug, excerpt and the
// meta fields are live (slug derivation, meta title default, counters, AI Optimize); the rest are plain inputs.
import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { PublicationFields, TitleSlugFields, useTitleSlug } from "~/components/admin/content-form-fields";
import { MediaUrlField } from "~/components/admin/media-url-field";
import { Button } from "~/components/ui/button";
import { Field, LengthCounter } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { parseBody } from "~/lib/blocks";
import { BLOG_MESSAGES } from "~/lib/cms-messages";
import { parseTags, type RichBlock, toRichBlocks } from "~/lib/content";
import { DEFAULT_BLOG_AUTHOR } from "~/lib/content-schemas";
import type { FieldErrors } from "~/lib/forms";
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT } from "~/lib/limits";
import { defaultMetaTitle, optimizeBlogMeta } from "~/lib/meta-templates";
import { toWallTime } from "~/lib/site-time";
import { BlockEditor } from "./block-editor";

interface BlogFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: RichBlock[];
  author: string;
  category: string;
  tags: string;
  featuredImage: string;
  status: string;
  /** "Publish at" as the field shows it, in the site's time zone ("" for none). */
  publishAt: string;
  metaTitle: string;
  metaDescription: string;
}

export const emptyBlogValues: BlogFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  body: [],
  author: DEFAULT_BLOG_AUTHOR,
  category: "",
  tags: "",
  featuredImage: "",
  status: "draft",
  publishAt: "",
  metaTitle: "",
  metaDescription: "",
};

/** Form values from a stored post (the edit dialog); `timeZone` is the site's. */
export function blogValuesFromPost(
  post: {
    title: string;
    slug: string;
    excerpt: string | null;
    richContent: unknown;
    content: unknown;
    author: string;
    category: string | null;
    tags: string[];
    featuredImage: string | null;
    status: string;
    publishedAt: Date | null;
    metaTitle: string | null;
    metaDescription: string | null;
  },
  timeZone: string,
): BlogFormValues {
  const rich = toRichBlocks(post.richContent);
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? "",
    // Posts written before the editor existed may only have content; the editor starts from it then.
    body: rich.length ? rich : toRichBlocks(post.content),
    author: post.author,
    category: post.category ?? "",
    tags: post.tags.join(", "),
    featuredImage: post.featuredImage ?? "",
    status: post.status,
    publishAt: toWallTime(post.publishedAt, timeZone),
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
  };
}

/** Form values echoed back by a failed submission, so nothing typed is lost. */
export function blogValuesFromSubmission(values: Record<string, string>): BlogFormValues {
  return {
    ...emptyBlogValues,
    ...values,
    body: parseBody(values.body ?? ""),
  } as BlogFormValues;
}

/** A submission of the edit form shaped like a revision's snapshot, to set beside a teammate's version. */
export function blogSnapshotFromSubmission(values: Record<string, string>, loaded: Record<string, unknown>) {
  const v = blogValuesFromSubmission(values);
  return {
    ...loaded,
    title: v.title,
    slug: v.slug,
    excerpt: v.excerpt || null,
    richContent: v.body,
    author: v.author,
    category: v.category || null,
    tags: parseTags(v.tags),
    featuredImage: v.featuredImage || null,
    status: v.status,
    metaTitle: v.metaTitle || null,
    metaDescription: v.metaDescription || null,
  };
}

export function BlogFormFields({
  mode,
  initial,
  errors = {},
  timeZone,
}: {
  mode: "create" | "edit";
  initial: BlogFormValues;
  errors?: FieldErrors;
  /** The site's time zone, which "Publish at" is shown and entered in. */
  timeZone: string;
}) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  // A new post's slug and meta title follow the title until edited by hand (docs/product.md, Blog CMS).
  const titleSlug = useTitleSlug(initial, mode);
  const { title, slugEdited } = titleSlug;
  const [excerpt, setExcerpt] = useState(initial.excerpt);
  const [metaTitle, setMetaTitle] = useState(initial.metaTitle);
  const [metaEdited, setMetaEdited] = useState(
    mode === "edit" || (initial.metaTitle !== "" && initial.metaTitle !== defaultMetaTitle(initial.title)),
  );
  const [metaDescription, setMetaDescription] = useState(initial.metaDescription);
  const shownMetaTitle = metaEdited ? metaTitle : defaultMetaTitle(title);

  function optimize() {
    if (!title.trim() || !excerpt.trim()) {
      toast.error(BLOG_MESSAGES.optimizeNeedsInput);
      return;
    }
    try {
      const result = optimizeBlogMeta({ title, excerpt });
      setMetaTitle(result.metaTitle);
      setMetaEdited(true);
      setMetaDescription(result.metaDescription);
      toast.success(BLOG_MESSAGES.optimized);
    } catch {
      toast.error(BLOG_MESSAGES.optimizeFailed);
    }
  }

  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TitleSlugFields
        fid={fid}
        errors={errors}
        state={titleSlug}
        slugHint={
          mode === "create" && !slugEdited ? "Derived from the title; edit it to choose your own." : undefined
        }
      />
      <Field id={fid("excerpt")} label="Excerpt" error={errors.excerpt} className="md:col-span-2">
        {(aria) => (
          <Textarea
            {...aria}
            name="excerpt"
            rows={3}
            className="min-h-20"
            value={excerpt}
            onChange={(e) => setExcerpt(e.target.value)}
          />
        )}
      </Field>
      <div className="md:col-span-2">
        <Field id={fid("body")} labelId={fid("body-label")} label="Body" error={errors.body}>
          {() => (
            <BlockEditor
              id={fid("body")}
              labelId={fid("body-label")}
              name="body"
              initialBlocks={initial.body}
            />
          )}
        </Field>
      </div>
      <Field id={fid("author")} label="Author" error={errors.author}>
        {(aria) => (
          <Input {...aria} name="author" defaultValue={initial.author} placeholder={DEFAULT_BLOG_AUTHOR} />
        )}
      </Field>
      <Field id={fid("category")} label="Category" error={errors.category}>
        {(aria) => <Input {...aria} name="category" defaultValue={initial.category} />}
      </Field>
      <Field id={fid("tags")} label="Tags" error={errors.tags} hint="Separate tags with commas.">
        {(aria) => (
          <Input {...aria} name="tags" defaultValue={initial.tags} placeholder="AI, Sales, Growth" />
        )}
      </Field>
      <MediaUrlField
        id={fid("featuredImage")}
        name="featuredImage"
        label="Featured image URL"
        bucket="images"
        defaultValue={initial.featuredImage}
        error={errors.featuredImage}
      />
      <PublicationFields fid={fid} errors={errors} initial={initial} timeZone={timeZone} />
      <Field
        id={fid("metaTitle")}
        label="Meta title"
        error={errors.metaTitle}
        hint="Aim for 50-60 characters."
        aside={
          <>
            <LengthCounter length={shownMetaTitle.length} limit={META_TITLE_LIMIT} />
            <Button type="button" variant="secondary" size="sm" onClick={optimize}>
              <Sparkles aria-hidden />
              AI Optimize
            </Button>
          </>
        }
      >
        {(aria) => (
          <Input
            {...aria}
            name="metaTitle"
            value={shownMetaTitle}
            onChange={(e) => {
              setMetaTitle(e.target.value);
              setMetaEdited(true);
            }}
          />
        )}
      </Field>
      <Field
        id={fid("metaDescription")}
        label="Meta description"
        error={errors.metaDescription}
        hint="Aim for 150-160 characters."
        aside={<LengthCounter length={metaDescription.length} limit={META_DESCRIPTION_LIMIT} />}
      >
        {(aria) => (
          <Textarea
            {...aria}
            name="metaDescription"
            rows={3}
            className="min-h-20"
            value={metaDescription}
            onChange={(e) => setMetaDescription(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

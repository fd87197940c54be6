// The fields of the blog post form, shared by the create form and the edit dialog. Title, slug, excerpt and the
// meta fields are live (slug derivation, meta title default, counters, AI Optimize); the rest are plain inputs.
import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, LengthCounter } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import {
  BLOG_MESSAGES,
  CONTENT_STATUSES,
  DEFAULT_BLOG_AUTHOR,
  defaultMetaTitle,
  type FieldErrors,
  META_DESCRIPTION_LIMIT,
  META_TITLE_LIMIT,
  optimizeBlogMeta,
  parseBody,
} from "~/lib/cms";
import { type RichBlock, slugify, toRichBlocks } from "~/lib/content";
import { BlockEditor } from "./block-editor";

export interface BlogFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: RichBlock[];
  author: string;
  category: string;
  tags: string;
  featuredImage: string;
  status: string;
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
  metaTitle: "",
  metaDescription: "",
};

/** Form values from a stored post (the edit dialog). */
export function blogValuesFromPost(post: {
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
  metaTitle: string | null;
  metaDescription: string | null;
}): BlogFormValues {
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

export function BlogFormFields({
  mode,
  initial,
  errors = {},
}: {
  mode: "create" | "edit";
  initial: BlogFormValues;
  errors?: FieldErrors;
}) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  // A new post's slug and meta title follow the title until edited by hand (docs/product.md, Blog CMS).
  const [slugEdited, setSlugEdited] = useState(mode === "edit" || initial.slug !== slugify(initial.title));
  const [excerpt, setExcerpt] = useState(initial.excerpt);
  const [metaTitle, setMetaTitle] = useState(initial.metaTitle);
  const [metaEdited, setMetaEdited] = useState(
    mode === "edit" || (initial.metaTitle !== "" && initial.metaTitle !== defaultMetaTitle(initial.title)),
  );
  const [metaDescription, setMetaDescription] = useState(initial.metaDescription);
  const shownMetaTitle = metaEdited ? metaTitle : defaultMetaTitle(title);

  function onTitle(value: string) {
    setTitle(value);
    if (!slugEdited) setSlug(slugify(value));
  }

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
      <Field id={fid("title")} label="Title *" error={errors.title}>
        {(aria) => (
          <Input
            {...aria}
            name="title"
            value={title}
            onChange={(e) => onTitle(e.target.value)}
            aria-required
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        id={fid("slug")}
        label="Slug *"
        error={errors.slug}
        hint={
          mode === "create" && !slugEdited ? "Derived from the title; edit it to choose your own." : undefined
        }
      >
        {(aria) => (
          <Input
            {...aria}
            name="slug"
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              setSlugEdited(true);
            }}
            aria-required
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
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
      <Field id={fid("featuredImage")} label="Featured image URL" error={errors.featuredImage}>
        {(aria) => (
          <Input
            {...aria}
            name="featuredImage"
            type="text"
            inputMode="url"
            defaultValue={initial.featuredImage}
            placeholder="https://…"
          />
        )}
      </Field>
      <Field id={fid("status")} label="Status" error={errors.status}>
        {(aria) => (
          <Select {...aria} name="status" defaultValue={initial.status}>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]?.toUpperCase()}
                {s.slice(1)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="hidden md:block" />
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

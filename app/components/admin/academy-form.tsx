// The academy content form in three tabs (docs/product.md, Academy CMS): Content, Media, and SEO and Meta.
// Shared by the create form and the edit dialog. All panels stay mounted (hidden when inactive) so every
// field is submitted.
import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import {
  optionLabel,
  PublicationFields,
  TitleSlugFields,
  useTitleSlug,
} from "~/components/admin/content-form-fields";
import { MediaUrlField } from "~/components/admin/media-url-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { ACADEMY_MESSAGES } from "~/lib/cms-messages";
import { parseTags } from "~/lib/content";
import { DIFFICULTY_LEVELS } from "~/lib/content-enums";
import type { FieldErrors } from "~/lib/forms";
import { optimizeAcademyDescription, optimizeAcademySummary } from "~/lib/meta-templates";
import { toWallTime } from "~/lib/site-time";

interface AcademyFormValues {
  title: string;
  slug: string;
  category: string;
  difficulty: string;
  duration: string;
  tags: string;
  featured: boolean;
  thumbnailUrl: string;
  videoUrl: string;
  audioUrl: string;
  description: string;
  summary: string;
  status: string;
  /** "Publish at" as the field shows it, in the site's time zone ("" for none). */
  publishAt: string;
}

export const emptyAcademyValues: AcademyFormValues = {
  title: "",
  slug: "",
  category: "",
  difficulty: "beginner",
  duration: "0",
  tags: "",
  featured: false,
  thumbnailUrl: "",
  videoUrl: "",
  audioUrl: "",
  description: "",
  summary: "",
  status: "draft",
  publishAt: "",
};

/** Form values from a stored item (the edit dialog); `timeZone` is the site's. */
export function academyValuesFromItem(
  item: {
    title: string;
    slug: string;
    category: string;
    difficultyLevel: string;
    durationMinutes: number;
    tags: string[];
    isFeatured: boolean;
    thumbnailUrl: string | null;
    videoUrl: string | null;
    audioUrl: string | null;
    description: string | null;
    summary: string | null;
    status: string;
    publishedAt: Date | null;
  },
  timeZone: string,
): AcademyFormValues {
  return {
    title: item.title,
    slug: item.slug,
    category: item.category,
    difficulty: item.difficultyLevel,
    duration: String(item.durationMinutes),
    tags: item.tags.join(", "),
    featured: item.isFeatured,
    thumbnailUrl: item.thumbnailUrl ?? "",
    videoUrl: item.videoUrl ?? "",
    audioUrl: item.audioUrl ?? "",
    description: item.description ?? "",
    summary: item.summary ?? "",
    status: item.status,
    publishAt: toWallTime(item.publishedAt, timeZone),
  };
}

export function academyValuesFromSubmission(values: Record<string, string>): AcademyFormValues {
  return {
    ...emptyAcademyValues,
    ...values,
    featured: values.featured === "on" || values.featured === "true",
  } as AcademyFormValues;
}

/** A submission of the edit form shaped like a revision's snapshot, to set beside a teammate's version. */
export function academySnapshotFromSubmission(
  values: Record<string, string>,
  loaded: Record<string, unknown>,
) {
  const v = academyValuesFromSubmission(values);
  return {
    ...loaded,
    title: v.title,
    slug: v.slug,
    category: v.category,
    difficultyLevel: v.difficulty,
    durationMinutes: Number(v.duration) || 0,
    tags: parseTags(v.tags),
    isFeatured: v.featured,
    thumbnailUrl: v.thumbnailUrl || null,
    videoUrl: v.videoUrl || null,
    audioUrl: v.audioUrl || null,
    description: v.description || null,
    summary: v.summary || null,
    status: v.status,
  };
}

const TAB_OF_FIELD: Record<string, string> = {
  thumbnailUrl: "media",
  videoUrl: "media",
  audioUrl: "media",
  description: "seo",
  summary: "seo",
  status: "seo",
  publishAt: "seo",
};

const NO_ERRORS: FieldErrors = {};

export function AcademyFormFields({
  mode,
  initial,
  errors = NO_ERRORS,
  categories = [],
  timeZone,
}: {
  mode: "create" | "edit";
  initial: AcademyFormValues;
  errors?: FieldErrors;
  /** Existing categories, offered as suggestions. */
  categories?: string[];
  /** The site's time zone, which "Publish at" is shown and entered in. */
  timeZone: string;
}) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const titleSlug = useTitleSlug(initial, mode);
  const { title } = titleSlug;
  const [category, setCategory] = useState(initial.category);
  const [difficulty, setDifficulty] = useState(initial.difficulty);
  const [description, setDescription] = useState(initial.description);
  const [summary, setSummary] = useState(initial.summary);
  // Open the tab holding the first field with an error (Content when none).
  const firstErrorTab = Object.keys(errors).map((k) => TAB_OF_FIELD[k] ?? "content")[0];
  const [tab, setTab] = useState(firstErrorTab ?? "content");
  const [shownErrors, setShownErrors] = useState(errors);
  if (shownErrors !== errors) {
    setShownErrors(errors);
    if (firstErrorTab) setTab(firstErrorTab);
  }

  function optimize(which: "description" | "summary") {
    if (!title.trim() || !category.trim()) {
      toast.error(ACADEMY_MESSAGES.optimizeNeedsInput);
      return;
    }
    const input = { title, category, difficulty };
    if (which === "description") {
      setDescription(optimizeAcademyDescription(input));
      toast.success(ACADEMY_MESSAGES.descriptionOptimized);
    } else {
      setSummary(optimizeAcademySummary(input));
      toast.success(ACADEMY_MESSAGES.summaryOptimized);
    }
  }

  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Content sections">
        <TabsTrigger value="content">Content</TabsTrigger>
        <TabsTrigger value="media">Media</TabsTrigger>
        <TabsTrigger value="seo">SEO and Meta</TabsTrigger>
      </TabsList>

      <TabsContent value="content" forceMount className="grid gap-5 md:grid-cols-2">
        <TitleSlugFields fid={fid} errors={errors} state={titleSlug} />
        <Field id={fid("category")} label="Category *" error={errors.category}>
          {(aria) => (
            <>
              <Input
                {...aria}
                name="category"
                value={category}
                aria-required
                list={fid("categories")}
                autoComplete="off"
                onChange={(e) => setCategory(e.target.value)}
              />
              <datalist id={fid("categories")}>
                {categories.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field id={fid("difficulty")} label="Difficulty" error={errors.difficulty}>
          {(aria) => (
            <Select
              {...aria}
              name="difficulty"
              value={difficulty}
              onChange={(e) => setDifficulty(e.target.value)}
            >
              {DIFFICULTY_LEVELS.map((d) => (
                <option key={d} value={d}>
                  {optionLabel(d)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={fid("duration")} label="Duration (minutes)" error={errors.duration}>
          {(aria) => (
            <Input
              {...aria}
              name="duration"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={initial.duration}
            />
          )}
        </Field>
        <Field id={fid("tags")} label="Tags" error={errors.tags} hint="Separate tags with commas.">
          {(aria) => (
            <Input {...aria} name="tags" defaultValue={initial.tags} placeholder="AI, Sales, Growth" />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <Switch id={fid("featured")} name="featured" defaultChecked={initial.featured} />
          <label htmlFor={fid("featured")} className="text-sm font-medium text-slate-800">
            Featured
          </label>
        </div>
      </TabsContent>

      <TabsContent value="media" forceMount className="grid gap-5">
        <MediaUrlField
          id={fid("thumbnailUrl")}
          name="thumbnailUrl"
          label="Thumbnail URL"
          bucket="images"
          defaultValue={initial.thumbnailUrl}
          error={errors.thumbnailUrl}
        />
        <MediaUrlField
          id={fid("videoUrl")}
          name="videoUrl"
          label="Video URL"
          bucket="videos"
          defaultValue={initial.videoUrl}
          error={errors.videoUrl}
          hint="YouTube and Vimeo links are embedded automatically."
          placeholder="https://www.youtube.com/watch?v=… or choose from the library"
        />
        <MediaUrlField
          id={fid("audioUrl")}
          name="audioUrl"
          label="Audio URL"
          bucket="audio"
          defaultValue={initial.audioUrl}
          error={errors.audioUrl}
        />
      </TabsContent>

      <TabsContent value="seo" forceMount className="grid gap-5">
        <Field
          id={fid("description")}
          label="Description"
          error={errors.description}
          aside={
            <Button type="button" variant="secondary" size="sm" onClick={() => optimize("description")}>
              <Sparkles aria-hidden />
              AI Optimize<span className="sr-only"> description</span>
            </Button>
          }
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="description"
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={fid("summary")}
          label="Summary"
          error={errors.summary}
          aside={
            <Button type="button" variant="secondary" size="sm" onClick={() => optimize("summary")}>
              <Sparkles aria-hidden />
              AI Optimize<span className="sr-only"> summary</span>
            </Button>
          }
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="summary"
              rows={3}
              className="min-h-20"
              value={summary}
              onChange={(e) => setSummary(e.target.value)}
            />
          )}
        </Field>
        <PublicationFields fid={fid} errors={errors} initial={initial} timeZone={timeZone} />
      </TabsContent>
    </Tabs>
  );
}

import { AlertTriangle, GraduationCap, Loader2, Search, SearchX } from "lucide-react";
import { type Ref, useEffect, useRef } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation, useSubmit } from "react-router";
import { AcademyCard } from "~/components/site/academy-card";
import { CardGrid } from "~/components/site/article-parts";
import { ContentState } from "~/components/site/content-state";
import { DIFFICULTY_OPTIONS } from "~/components/site/difficulty-badge";
import { Button } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { type AcademyFilter, isFiltered, parseAcademyFilter, SEARCH_MAX_LENGTH } from "~/lib/academy-filter";
import { PRODUCT_NAME } from "~/lib/brand";
import { errorMeta, pageMeta, siteInfo } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { listAcademyCategories, listFeaturedAcademy, searchPublishedAcademy } from "~/models/academy.server";
import { withImages } from "~/models/media.server";
import type { Route } from "./+types/index";

const byThumbnail = (item: { thumbnailUrl: string | null }) => item.thumbnailUrl;

export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseAcademyFilter(new URL(request.url).searchParams);
  const filtered = isFiltered(filters);
  const [items, featured, categories] = await Promise.all([
    searchPublishedAcademy(filters).then((rows) => withImages(rows, byThumbnail)),
    // Featured picks introduce the academy; while someone filters they would only push results down.
    filtered ? Promise.resolve([]) : listFeaturedAcademy().then((rows) => withImages(rows, byThumbnail)),
    listAcademyCategories(),
  ]);
  return { items, featured, categories, filters, filtered };
}

export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (error) return errorMeta(siteInfo(matches), "Failed to load content");
  const site = siteInfo(matches);
  return pageMeta(site, {
    title: "Academy",
    description:
      "Free videos, audio sessions and guides on AI proposals, pipeline management and sales playbooks. Learn to get more from Asimov at your own pace.",
    path: "/academy",
    jsonLd: [breadcrumbJsonLd(site, [{ name: "Academy", path: "/academy" }])],
  });
};

function Filters({ filters, categories }: { filters: AcademyFilter; categories: string[] }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const difficultyRef = useRef<HTMLSelectElement>(null);

  // The fields are uncontrolled (they must work without JavaScript and keep focus while results load). When the
  // URL changes another way (back/forward, Clear), bring them in step with it. Not on the first render: what a
  // visitor chose before the page hydrated must stay chosen.
  const synced = useRef(`${filters.q}\n${filters.category}\n${filters.difficulty}`);
  useEffect(() => {
    const key = `${filters.q}\n${filters.category}\n${filters.difficulty}`;
    if (synced.current === key) return;
    synced.current = key;
    if (searchRef.current) searchRef.current.value = filters.q;
    if (categoryRef.current) categoryRef.current.value = filters.category;
    if (difficultyRef.current) difficultyRef.current.value = filters.difficulty;
  }, [filters.q, filters.category, filters.difficulty]);

  /** With JavaScript, submit without the empty fields so the shared URL stays short. */
  function submitClean(form: HTMLFormElement) {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim()) params.set(key, value.trim());
    }
    submit(params, { method: "get", action: "/academy", preventScrollReset: true });
  }

  const active = isFiltered(filters);
  // A shared link may name a category that has no published content any more: keep it selectable.
  const options =
    filters.category && !categories.includes(filters.category)
      ? [...categories, filters.category]
      : categories;
  return (
    <Form
      ref={formRef}
      method="get"
      action="/academy"
      role="search"
      aria-label="Academy content"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[1fr_14rem_12rem_auto] md:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        submitClean(event.currentTarget);
      }}
    >
      <div>
        <Label htmlFor="academy-q">Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            ref={searchRef}
            id="academy-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Search by title, description or tag"
            className="pl-9"
          />
        </div>
      </div>
      <FilterSelect
        ref={categoryRef}
        name="category"
        label="Category"
        all="All categories"
        value={filters.category}
        options={options.map((category) => ({ value: category, label: category }))}
        onChange={() => formRef.current && submitClean(formRef.current)}
      />
      <FilterSelect
        ref={difficultyRef}
        name="difficulty"
        label="Difficulty"
        all="All levels"
        value={filters.difficulty}
        options={DIFFICULTY_OPTIONS}
        onChange={() => formRef.current && submitClean(formRef.current)}
      />
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        {active ? (
          <Button asChild variant="ghost">
            <Link to="/academy" preventScrollReset>
              Clear
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** A filter list that applies on change; its first option ("All …") clears the filter. */
function FilterSelect({
  ref,
  name,
  label,
  all,
  value,
  options,
  onChange,
}: {
  ref: Ref<HTMLSelectElement>;
  name: string;
  label: string;
  all: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: () => void;
}) {
  return (
    <div>
      <Label htmlFor={`academy-${name}`}>{label}</Label>
      <Select ref={ref} id={`academy-${name}`} name={name} defaultValue={value} onChange={onChange}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

export default function AcademyIndex({ loaderData }: Route.ComponentProps) {
  const { items, featured, categories, filters, filtered } = loaderData;
  const navigation = useNavigation();
  // A new search or filter is loading on the client (a GET navigation to this page).
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/academy";

  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
            {PRODUCT_NAME} Academy
          </p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Learn to win more revenue
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            Videos, audio sessions and guides on AI proposals, pipeline management and sales playbooks — free,
            at your own pace.
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        {featured.length > 0 && !loading ? (
          <section aria-labelledby="featured-heading" className="mb-14">
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Featured Content
            </h2>
            <div className="mt-6 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {featured.map((item, i) => (
                <AcademyCard key={item.slug} item={item} featured eager={i === 0} />
              ))}
            </div>
          </section>
        ) : null}

        <Filters filters={filters} categories={categories} />

        <section aria-labelledby="all-heading" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="all-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              {filtered ? "Results" : "All Content"}
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {loading ? "" : `${items.length} ${items.length === 1 ? "item" : "items"}`}
            </p>
          </div>
          {loading ? (
            <div role="status" className="flex items-center justify-center gap-3 py-20 text-slate-600">
              <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden="true" />
              <span>Loading academy content...</span>
            </div>
          ) : items.length === 0 ? (
            <ContentState icon={SearchX} title="No content found" className="mt-6">
              <p>
                {filtered
                  ? "Try adjusting your search or filter criteria."
                  : "Check back soon — new academy content is on its way."}
              </p>
              {filtered ? (
                <Button asChild variant="outline">
                  <Link to="/academy">Clear filters</Link>
                </Button>
              ) : null}
            </ContentState>
          ) : (
            <CardGrid className="mt-6">
              {items.map((item, i) => (
                <AcademyCard key={item.slug} item={item} eager={i === 0 && featured.length === 0} />
              ))}
            </CardGrid>
          )}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <ContentState
        icon={isRouteErrorResponse(error) ? GraduationCap : AlertTriangle}
        title="Failed to load content"
        headingLevel={1}
        role="alert"
      >
        <p>Something went wrong while loading the academy. Please try again in a moment.</p>
        <Button asChild variant="outline">
          <a href="/academy">Try again</a>
        </Button>
      </ContentState>
    </div>
  );
}

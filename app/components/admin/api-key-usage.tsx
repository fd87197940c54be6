// How to use a key: copyable curl examples against this site's real address (content, and a form's submission),
// and the OpenAPI document.
import { ExternalLink } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CONTENT_API_BASE_PATH, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "~/lib/content-api-schemas";
import { CopyButton } from "./api-key-copy";

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function examples(baseUrl: string) {
  const api = `${baseUrl}${CONTENT_API_BASE_PATH}`;
  const academyBody = pretty({
    title: "Getting started with AI proposals",
    description: "A short guide to your first AI-written proposal.",
    category: "Sales",
    tags: ["ai", "proposals"],
    status: "draft",
    difficulty_level: "beginner",
    duration_minutes: 10,
  });
  const blogBody = pretty({
    title: "Five signals a deal is stalling",
    description: "What to watch in your pipeline each week.",
    category: "Sales",
    tags: ["pipeline", "forecasting"],
    status: "published",
  });
  const submissionBody = pretty({
    values: { name: "Ada Lovelace", email: "ada@example.com", consent: true },
    attribution: { source_page: "https://partner.example/events", utm_campaign: "spring" },
  });
  return [
    {
      title: "Create academy content",
      code: `curl -X POST "${api}/academy" \\\n  -H "Content-Type: application/json" \\\n  -H "x-api-key: YOUR_API_KEY" \\\n  -d '${academyBody}'`,
    },
    {
      title: "Create a blog post",
      code: `curl -X POST "${api}/blog" \\\n  -H "Content-Type: application/json" \\\n  -H "x-api-key: YOUR_API_KEY" \\\n  -d '${blogBody}'`,
    },
    {
      title: "List published blog posts",
      code: `curl "${api}/blog?limit=${DEFAULT_PAGE_SIZE}&offset=0" \\\n  -H "x-api-key: YOUR_API_KEY"`,
    },
    {
      title: "Get one academy item by slug",
      code: `curl "${api}/academy?slug=getting-started-with-ai-proposals" \\\n  -H "x-api-key: YOUR_API_KEY"`,
    },
    {
      title: "Send answers to a form",
      code: `curl -X POST "${api}/forms/FORM_ID/submissions" \\\n  -H "Content-Type: application/json" \\\n  -H "x-api-key: YOUR_API_KEY" \\\n  -d '${submissionBody}'`,
    },
  ];
}

export function ApiKeyUsage({ baseUrl }: { baseUrl: string }) {
  const openApiUrl = `${baseUrl}${CONTENT_API_BASE_PATH}/openapi.json`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>API usage</CardTitle>
        <p className="text-sm text-slate-600">
          Send the key in the <code className="rounded bg-slate-100 px-1">x-api-key</code> header. POST
          creates an item (status draft unless you send{" "}
          <code className="rounded bg-slate-100 px-1">"published"</code>); the slug is derived from the title
          when you send none. GET lists published items, newest first, with{" "}
          <code className="rounded bg-slate-100 px-1">limit</code> (up to {MAX_PAGE_SIZE}) and{" "}
          <code className="rounded bg-slate-100 px-1">offset</code>, or one item with{" "}
          <code className="rounded bg-slate-100 px-1">slug</code>.
        </p>
        <p className="text-sm text-slate-600">
          GET <code className="rounded bg-slate-100 px-1">/forms</code> lists the forms that are not drafts,
          with their fields. A key with the{" "}
          <code className="rounded bg-slate-100 px-1">form_submissions</code> permission sends a person's
          answers to <code className="rounded bg-slate-100 px-1">/forms/FORM_ID/submissions</code>: they are
          checked like the site's and arrive in the inbox as a lead.
        </p>
        <p className="text-sm">
          <a
            href={openApiUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-700 underline"
          >
            OpenAPI document
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        {examples(baseUrl).map((example) => (
          <section key={example.title} aria-label={example.title}>
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-900">{example.title}</h3>
              <CopyButton text={example.code} label="Copy" aria-label={`Copy: ${example.title}`} />
            </div>
            {/* Focusable so keyboard users can scroll long lines (axe: scrollable-region-focusable). */}
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
              tabIndex={0}
              className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
            >
              <code>{example.code}</code>
            </pre>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

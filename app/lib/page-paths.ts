// Where a page built from blocks may live (browser-safe: the page form checks it too, the server decides). Any
// path of lower-case letters, digits and dashes in segments ("/lp/spring-launch"), except the addresses the site's
// own routes answer: the back office, the APIs, the blog, the academy, the contact page, preview links, the newsletter's pages, feeds,
// embedded forms.
// "/" and "/pricing" are pages themselves (ADR 033).
import { pathKey } from "./redirect-paths";

/** The built-in routes' paths: a page may be neither one of them nor under one (unless `exact`). */
const RESERVED: ReadonlyArray<{ path: string; owner: string; exact?: boolean }> = [
  { path: "/admin", owner: "the back office" },
  { path: "/admin-auth", owner: "the back office's sign-in" },
  { path: "/api", owner: "the site's API" },
  { path: "/functions", owner: "the content API" },
  { path: "/auth", owner: "sign-in" },
  { path: "/blog", owner: "the blog" },
  { path: "/academy", owner: "the academy" },
  { path: "/contact", owner: "the contact page" },
  { path: "/preview", owner: "preview links" },
  { path: "/newsletter", owner: "the newsletter's confirmation and unsubscribe pages" },
  { path: "/features", owner: "the landing page's features link" },
  { path: "/uploads", owner: "uploaded files" },
  { path: "/embed", owner: "forms embedded on other websites" },
  { path: "/assets", owner: "the site's scripts and styles" },
  { path: "/healthz", owner: "the health check" },
  { path: "/sitemap.xml", owner: "the sitemap" },
  { path: "/robots.txt", owner: "the crawler rules" },
  { path: "/rss.xml", owner: "the RSS feed" },
  { path: "/favicon.ico", owner: "the site's icon" },
];

export const PAGE_PATH_MAX = 200;

/** The stored form of a path: lower case, one leading "/", no trailing "/". */
export const normalizePagePath = (input: string) => pathKey(`/${input.trim().replace(/^\/+/, "")}`);

/** Why a page cannot live at `path` (already normalised), or undefined when it can. */
export function pagePathProblem(path: string): string | undefined {
  if (path.length > PAGE_PATH_MAX) return `A path has at most ${PAGE_PATH_MAX} characters.`;
  if (path !== "/" && !/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/.test(path))
    return "Use lower-case letters, digits and dashes between slashes, like /lp/spring-launch.";
  const taken = RESERVED.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`));
  if (taken) return `${taken.path} belongs to ${taken.owner}: choose another path.`;
  if (path.startsWith("/__")) return "Paths starting with /__ belong to the development server.";
  return undefined;
}

/** The pages the site starts with (app/blocks/built-in-pages.ts): changed or archived, never deleted. */
export const BUILT_IN_PATHS: readonly string[] = ["/", "/pricing"];

// Finds every admin route in app/routes.ts at run time, for the authorization-matrix tests (integration and
// end-to-end). A route added later is covered without touching the tests.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

export interface AdminRoute {
  file: string;
  url: string;
  params: Record<string, string>;
  index: boolean;
  /** Which exports must refuse non-admins. */
  exports: ("loader" | "action")[];
  /** React Router's route id (the file without its extension), for single-fetch `.data` requests. */
  id: string;
  /** A resource route (no UI component): requested directly rather than as page data. */
  resource: boolean;
}

interface FlatRoute {
  file: string;
  fullPath: string;
  index: boolean;
  /** A pathless layout wrapping only admin routes: it runs for them, so it is an admin route too. */
  wrapsOnlyAdmin: boolean;
}

const isAdminPath = (fullPath: string) => fullPath.split("/").includes("admin");

function flatten(entries: RouteEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const fullPath = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const descendants = flatten(entry.children ?? [], fullPath);
    const routed = descendants.filter((d) => !d.wrapsOnlyAdmin);
    const wrapsOnlyAdmin =
      !entry.path && !entry.index && routed.length > 0 && routed.every((d) => isAdminPath(d.fullPath));
    const self = {
      file: entry.file,
      fullPath: wrapsOnlyAdmin ? (routed[0]?.fullPath ?? fullPath) : fullPath,
      index: Boolean(entry.index),
      wrapsOnlyAdmin,
    };
    return [self, ...descendants];
  });
}

/** A concrete URL for a route path: every :param becomes a random UUID, a splat becomes "x". */
function concrete(fullPath: string) {
  const params: Record<string, string> = {};
  const segments = fullPath.split("/").map((segment) => {
    if (segment.startsWith(":")) {
      const name = segment.slice(1).replace(/\?$/, "");
      params[name] = randomUUID();
      return params[name];
    }
    if (segment === "*") {
      params["*"] = "x";
      return "x";
    }
    return segment;
  });
  return { url: `/${segments.filter(Boolean).join("/")}`, params };
}

/** A resource route: a module without a default export (no component), answering its own responses. */
const isResource = (source: string) => !/export\s+default\b/.test(source);

/** Every route of app/routes.ts with a concrete URL (params as UUIDs, a splat as "x"). */
export function allRoutes(): { file: string; url: string; resource: boolean }[] {
  return flatten(routes as RouteEntry[])
    .filter((route) => !route.wrapsOnlyAdmin)
    .map(({ file, fullPath }) => ({
      file,
      url: concrete(fullPath).url,
      resource: isResource(readFileSync(path.join(APP_DIR, file), "utf8")),
    }));
}

/**
 * Admin routes: everything whose URL is /admin or below (or has an "admin" segment, e.g. /api/admin/…), and any
 * other route module that calls requireAdmin (an admin resource route elsewhere): its action must refuse too.
 */
export function adminRoutes(): AdminRoute[] {
  return flatten(routes as RouteEntry[]).flatMap(({ file, fullPath, index, wrapsOnlyAdmin }) => {
    const source = readFileSync(path.join(APP_DIR, file), "utf8");
    const has = (name: string) =>
      new RegExp(`export\\s+(async\\s+)?(function\\s+${name}\\b|const\\s+${name}\\b)`).test(source);
    const underAdmin = wrapsOnlyAdmin || isAdminPath(fullPath);
    const { url, params } = concrete(fullPath);
    const exports: AdminRoute["exports"] = [];
    if (underAdmin) {
      if (has("loader")) exports.push("loader");
      if (has("action")) exports.push("action");
    } else if (source.includes("requireAdmin(") && has("action")) {
      exports.push("action");
    }
    const id = file.replace(/\.[jt]sx?$/, "");
    const resource = isResource(source);
    return exports.length ? [{ file, url, params, index, exports, id, resource }] : [];
  });
}

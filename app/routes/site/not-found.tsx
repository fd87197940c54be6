import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { logger } from "~/lib/logger.server";
import { errorMeta, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "404: page not found");
  return data({ path: pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => errorMeta(siteInfo(matches), "Page not found");

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-28 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}

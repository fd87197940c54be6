// GET /newsletter/confirm/:token: the link of a sign-up's confirmation mail. Following it confirms the address
// (once, within 48 hours) and says so; the page is nobody else's, so no cache keeps it.
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { clientKey, requestInfo } from "~/infra/request-context.server";
import { noStoreHeaders } from "~/lib/no-store";
import { errorMeta, siteInfo } from "~/lib/seo";
import { confirmSubscription } from "~/models/newsletter-subscribers.server";
import type { Route } from "./+types/newsletter-confirm";

export const headers = noStoreHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  // A write by a public GET: limited per client address like every other (a token cannot be guessed anyway).
  const limit = await hitRateLimit(`newsletter-confirm:${clientKey(requestInfo(context).ip)}`, 30, 600);
  if (!limit.ok) {
    throw data("Too many attempts. Please wait a few minutes and open the link again.", {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfter), "Cache-Control": "no-store" },
    });
  }
  const result = await confirmSubscription(params.token);
  return data({ result }, { status: result === "confirmed" ? 200 : 410 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  errorMeta(
    siteInfo(matches),
    loaderData?.result === "confirmed" ? "Subscription confirmed" : "Confirmation link expired",
  );

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const confirmed = loaderData.result === "confirmed";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-28 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {confirmed ? "Your subscription is confirmed" : "This link no longer works"}
      </h1>
      <p className="mt-3 text-slate-600">
        {confirmed
          ? "Thank you. Our newsletter will come to this address; each one has a link to unsubscribe."
          : "Confirmation links work once, for 48 hours. If you confirmed already, you are subscribed; otherwise sign up again and follow the new link."}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}

// /newsletter/unsubscribe/:token: the footer link of every newsletter. GET shows whose address it is and a button;
// the button's POST unsubscribes it (mail clients' one-click POST goes to /api/newsletter/unsubscribe/:token).
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { clientKey, requestInfo } from "~/infra/request-context.server";
import { noStoreHeaders } from "~/lib/no-store";
import { errorMeta, siteInfo } from "~/lib/seo";
import { recipientForToken, unsubscribeByToken } from "~/models/newsletter-tracking.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers = noStoreHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const recipient = await recipientForToken(params.token);
  if (!recipient) return data({ email: null, unsubscribed: false }, { status: 404 });
  return { email: recipient.email, unsubscribed: recipient.subscription !== "confirmed" };
}

export async function action({ params, context }: Route.ActionArgs) {
  const limit = await hitRateLimit(`newsletter-unsubscribe:${clientKey(requestInfo(context).ip)}`, 120, 60);
  if (!limit.ok) throw data("Too many attempts. Please try again in a minute.", { status: 429 });
  const done = await unsubscribeByToken(params.token);
  return data({ done }, { status: done ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => errorMeta(siteInfo(matches), "Unsubscribe");

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { email } = loaderData;
  const unsubscribed = actionData?.done || (loaderData.unsubscribed && email);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-28 text-center">
      {!email ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">This link does not work</h1>
          <p className="mt-3 text-slate-600">
            The unsubscribe link is incomplete or no longer exists. Use the link of a more recent newsletter.
          </p>
        </>
      ) : unsubscribed ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">You are unsubscribed</h1>
          <p className="mt-3 break-all text-slate-600">
            {email} will receive no more newsletters from us. Changed your mind? Sign up again in the footer.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Unsubscribe from our newsletter?</h1>
          <p className="mt-3 break-all text-slate-600">{email} will receive no more newsletters from us.</p>
          <Form method="post" className="mt-8">
            <Button type="submit" disabled={busy}>
              {busy ? "Unsubscribing…" : "Unsubscribe"}
            </Button>
          </Form>
        </>
      )}
      <Link to="/" className="mt-6 text-sm font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}

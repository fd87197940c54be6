// POST /api/newsletter/webhooks/:provider: bounce and complaint notifications of the mail provider ("ses": Amazon
// SES through SNS; "postmark"). Nothing is believed before its signature (SNS: from a topic of SES_SNS_TOPIC_ARNS,
// within an hour of its time) or shared secret (Postmark) checks out: anything else is refused with 403. A believed
// notice is answered alike whether or not its addresses are ours, so the webhook tells nobody who is subscribed.
// Server-to-server, so exempt from the cross-site refusal (server/app.ts); rate-limited per client address. An SNS
// subscription is confirmed by visiting the URL of a verified confirmation message.
import { data } from "react-router";
import {
  allowedSnsUrl,
  type Notice,
  postmarkNotices,
  SignatureError,
  sesNotices,
  verifyPostmark,
  verifySns,
} from "~/infra/bounce-notices.server";
import { logger } from "~/infra/logger.server";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { clientKey, requestInfo } from "~/infra/request-context.server";
import { applyProviderNotices } from "~/models/newsletter-subscribers.server";
import type { Route } from "./+types/newsletter-webhooks";

const NO_STORE = { "Cache-Control": "no-store" };
const PROVIDERS = new Set(["ses", "postmark"]);

export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!PROVIDERS.has(params.provider))
    throw data({ error: "Unknown provider" }, { status: 404, headers: NO_STORE });
  if (request.method !== "POST")
    throw data({ error: "Method Not Allowed" }, { status: 405, headers: NO_STORE });
  const limit = await hitRateLimit(`newsletter-webhook:${clientKey(requestInfo(context).ip)}`, 600, 60);
  if (!limit.ok) {
    return data(
      { error: "Too many requests" },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfter) } },
    );
  }
  const body = await request.text();
  let notices: Notice[];
  try {
    if (params.provider === "postmark") {
      verifyPostmark(request.headers.get("authorization"));
      notices = postmarkNotices(body);
    } else {
      const message = await verifySns(body);
      if (message.Type === "SubscriptionConfirmation") {
        const subscribe = allowedSnsUrl(message.SubscribeURL);
        if (!subscribe)
          return data({ error: "Subscription URL not allowed" }, { status: 400, headers: NO_STORE });
        const answer = await fetch(subscribe, { redirect: "error", signal: AbortSignal.timeout(10_000) });
        logger.info({ status: answer.status, topic: message.TopicArn }, "SNS subscription confirmed");
        return data({ ok: true, confirmed: answer.ok }, { headers: NO_STORE });
      }
      notices = message.Type === "Notification" ? sesNotices(message.Message) : [];
    }
  } catch (error) {
    if (error instanceof SignatureError) {
      logger.warn({ provider: params.provider, reason: error.message }, "bounce webhook refused");
      return data({ error: "Signature or secret not valid" }, { status: 403, headers: NO_STORE });
    }
    throw error;
  }
  if (notices.length) {
    const changed = await applyProviderNotices(notices);
    logger.info({ provider: params.provider, notices: notices.length, changed }, "bounce notices applied");
  }
  return data({ ok: true }, { headers: NO_STORE });
}

// GET /embed/forms/:id: a built form alone, for the frame another website shows it in (ADR 058). Only the form, in
// the site's styles: no header or footer, no consent banner, no third-party script, no page view (root.tsx and
// app/lib/non-page-paths.ts leave them out). Its answer may be framed by our own pages and the sites the form lists
// (the CSP's frame-ancestors; no X-Frame-Options); the browser refuses every other site's frame. A draft is on
// no site: 404. Like a page, it is plain HTML first (a frame without JavaScript can send it) and the running form
// once its code has loaded, which then reports its height to the page around it and the page it is on to the
// funnel and the submission (the address the loader script gave it; the server keeps it only for a listed site).
import { useEffect, useRef, useState } from "react";
import { data } from "react-router";
import { BuiltForm } from "~/components/site/built-form";
import { type Typed, typedIn } from "~/components/site/typed-carry-over";
import { allowFraming } from "~/infra/request-context.server";
import { EMBED_MESSAGES, EMBED_SECTION, hostPage } from "~/lib/form-builder/embedding";
import { errorMeta, siteInfo } from "~/lib/seo";
import { embeddedForm } from "~/models/forms.server";
import type { Route } from "./+types/form";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await embeddedForm(params.id);
  if (!found) throw data("This form is not available.", { status: 404 });
  allowFraming(context, found.allowedOrigins);
  // Cached here per content version (a save of the form moves it); a CDN asks again every time (no-cache, answered
  // 304 while unchanged), so no copy anywhere keeps an older list of sites.
  return data({ form: found.form }, { headers: { "Cache-Control": "public, no-cache" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => errorMeta(siteInfo(matches), "Form");

/** The block id the plain form is read back from (typedIn) when the running one takes its place. */
const PLAIN = "embedded-form";

export default function EmbeddedFormRoute({ loaderData: { form } }: Route.ComponentProps) {
  const main = useRef<HTMLElement>(null);
  const [running, setRunning] = useState<{ typed?: Typed; host: ReturnType<typeof hostPage> }>();
  useEffect(() => {
    setRunning({ typed: typedIn(PLAIN), host: hostPage(location.hash, location.ancestorOrigins?.[0]) });
  }, []);
  const framed = typeof window !== "undefined" && window.parent !== window;
  // The frame follows the form's height (steps, errors, the message after sending): reported at every change.
  const target = running?.host?.origin ?? "*";
  useEffect(() => {
    const element = main.current;
    if (!element || !framed) return;
    const observer = new ResizeObserver(() =>
      window.parent.postMessage({ type: EMBED_MESSAGES.height, height: element.offsetHeight }, target),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [framed, target]);
  // A form that goes to another page after sending takes the whole window there: the loader script does it on
  // the page around the frame; without it (a frame pasted by hand) the frame asks the browser itself.
  const leave = (url: string) => {
    const to = new URL(url, location.origin).href;
    if (framed && running?.host)
      window.parent.postMessage({ type: EMBED_MESSAGES.redirect, url: to }, target);
    else window.open(to, "_top");
  };
  return (
    <main ref={main} className="p-4 sm:p-6">
      <div data-block={PLAIN}>
        <BuiltForm
          // The running form is a new one, which starts from what was typed into the plain one.
          key={running ? "running" : "plain"}
          form={form}
          label="Form"
          sourceSection={EMBED_SECTION}
          typed={running?.typed}
          live={Boolean(running)}
          page={running?.host?.page}
          onRedirect={leave}
          inlineMessages
        />
      </div>
    </main>
  );
}

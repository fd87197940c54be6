// GET /embed/forms.js: the loader another website includes to show one of our forms in a frame (ADR 058; the code
// is app/lib/form-builder/embed-loader.js). The same bytes for everyone: cached like a page, and by browsers and
// CDNs for five minutes, so a new version reaches embedding sites within minutes of a deploy.
import loaderScript from "~/lib/form-builder/embed-loader.js?raw";

export function loader() {
  return new Response(loaderScript, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

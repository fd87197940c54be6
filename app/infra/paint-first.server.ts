// Paint first, then load the JavaScript (docs/decisions/021-first-paint-on-a-phone.md).
//
// Every page is complete HTML with its stylesheet inlined: the browser can paint it as soon as the document is
// parsed. React Router's <Scripts> would have the browser fetch the page's JavaScript (some twenty modules,
// ~130 KB gzip) from the moment it reads the head: on a phone on a slow link those modules share the connection
// with the font and the main picture, and none of them is needed to show the page. This rewrite of the finished
// document holds them back until the page is on screen:
//
// - the `<link rel="modulepreload">` hints are taken out of the head;
// - React Router's inline module script (which imports the route modules and then the client entry, i.e.
//   hydration) gets a type the browser does not run;
// - a small classic script right after it (startAfterPaint) adds the same module preloads and runs the held
//   module script, with the document's nonce if it has one (public pages' scripts are allowed by hash), once the first contentful paint is on screen and the page's main
//   picture (an `<img fetchpriority="high">` in view) has loaded and been painted.
//
// Everything else React Router emits (its context and loader-data scripts, scroll restoration) is left as it is.
// The browser hydrates exactly as before, a moment later.

/** The type that keeps React Router's module script from running until the page has painted. */
export const HELD_SCRIPT_TYPE = "module-after-paint";

/** The longest hydration waits (a tab opened in the background paints nothing). */
const FALLBACK_MS = 3000;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\/?>/g;
const HREF = /\shref="([^"]+)"/;
const MODULE_SCRIPT = /<script([^>]*?) type="module"([^>]*)>(?=[^<]*__reactRouterRouteModules)/;

/**
 * Runs in the browser, serialised into the page: no reference to anything outside its own body. Waits for the
 * first contentful paint (paint timing: reported once the frame is on screen; browsers without it go on at
 * once), then for the main pictures in view, then two frames, and then starts the JavaScript.
 */
function startAfterPaint(modules: string[], heldType: string, fallbackMs: number) {
  const held = document.querySelector<HTMLScriptElement>(`script[type="${heldType}"]`);
  let started = false;
  // Each preload the page adds is a request the main thread issues: a few at a time, one task each, so that no
  // task is long enough to delay a tap; the held script runs after the last.
  const PER_TASK = 4;
  const preload = (from: number) => {
    for (const href of modules.slice(from, from + PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    if (from + PER_TASK < modules.length) setTimeout(() => preload(from + PER_TASK), 0);
    else setTimeout(run, 0);
  };
  const run = () => {
    if (!held) return;
    const script = document.createElement("script");
    script.type = "module";
    if (held.nonce) script.nonce = held.nonce;
    script.text = held.text;
    document.body.appendChild(script);
  };
  const start = () => {
    if (started || !held) return;
    started = true;
    preload(0);
  };
  const afterNextFrames = () =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const afterMainPictures = () => {
    const inView = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    };
    const pending = Array.from(
      document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
    ).filter((img) => !img.complete && inView(img));
    let left = pending.length;
    if (left === 0) return afterNextFrames();
    const done = () => {
      left -= 1;
      if (left === 0) afterNextFrames();
    };
    for (const img of pending) {
      img.addEventListener("load", done, { once: true });
      img.addEventListener("error", done, { once: true });
    }
  };
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes("paint")) throw new Error("no paint timing");
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      afterMainPictures();
    }).observe({ type: "paint", buffered: true });
  } catch {
    afterMainPictures();
  }
  // A tab opened in the background paints nothing until it is shown.
  setTimeout(start, fallbackMs);
}

/**
 * The document with its JavaScript held back until the first paint. Documents without React Router's module
 * script (none today) are returned unchanged, hints included.
 */
export function holdScriptsUntilPainted(html: string, nonce: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const modules = new Set<string>();
  for (const link of html.matchAll(MODULE_PRELOAD)) {
    const href = HREF.exec(link[0])?.[1];
    if (href) modules.add(href.replaceAll("&amp;", "&"));
  }
  const args = [[...modules], HELD_SCRIPT_TYPE, FALLBACK_MS].map((a) => JSON.stringify(a)).join(",");
  const starter = `(${startAfterPaint.toString()})(${args})`.replaceAll("</", "<\\/");
  const end = html.indexOf("</script>", script.index) + "</script>".length;
  return (
    html.slice(0, script.index) +
    `<script${script[1]} type="${HELD_SCRIPT_TYPE}"${script[2]}>` +
    html.slice(script.index + script[0].length, end) +
    `<script${nonce ? ` nonce="${nonce}"` : ""}>${starter}</script>` +
    html.slice(end)
  ).replace(MODULE_PRELOAD, "");
}

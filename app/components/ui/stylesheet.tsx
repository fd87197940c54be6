// The site's stylesheet, inlined into each document when the server can (docs/decisions/021-first-paint-on-a-phone.md):
// a page whose styles come with its HTML paints without waiting for another request, which on a phone on a
// slow link is a round trip or more before anything shows. The content security policy allows inline styles.
import { createContext, useContext, useState } from "react";

/** On the server: the text of a built stylesheet by its URL, or undefined (development, or a file not built). */
export const InlineCss = createContext<(href: string) => string | undefined>(() => undefined);

/**
 * `<style>` with the stylesheet's text when the server has it, else `<link rel="stylesheet">`. In the browser the
 * text is read back from the document before hydration, so both sides render the same element and a re-render
 * never empties it.
 */
export function Stylesheet({ href }: { href: string }) {
  const inline = useContext(InlineCss);
  const [css] = useState(() =>
    typeof document === "undefined"
      ? inline(href)
      : (document.querySelector<HTMLStyleElement>(`style[data-href="${CSS.escape(href)}"]`)?.textContent ??
        undefined),
  );
  if (css === undefined) return <link rel="stylesheet" href={href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, never user content
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: css }} />;
}

// The page editor's live preview: the unsaved blocks rendered by the site's own block components inside an iframe,
// so the page's responsive layout follows the frame's width (phone 375 px, desktop 1280 px scaled to fit). The
// frame has no address of its own: its document gets the site's stylesheet and a React portal.
import { Component, type ReactNode, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Footer } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import type { SiteNavigation } from "~/lib/site-navigation";

export const PREVIEW_WIDTHS = { phone: 375, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** One block that throws while half-typed shows a note instead of taking the preview down. */
export class BlockBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? (
      <p className="bg-amber-50 p-4 text-sm text-amber-900">This block shows once its fields are complete.</p>
    ) : (
      this.props.children
    );
  }
}

export function PagePreview({
  width,
  nav,
  children,
}: {
  width: PreviewWidth;
  /** The site's menu as visitors see it now. */
  nav: SiteNavigation;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(600);
  const [boxWidth, setBoxWidth] = useState(600);
  const pixels = PREVIEW_WIDTHS[width];
  const scale = Math.min(1, boxWidth / pixels);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write('<!doctype html><html lang="en"><head></head><body><div id="preview"></div></body></html>');
    doc.close();
    for (const node of document.head.querySelectorAll("style, link[rel='stylesheet']"))
      doc.head.appendChild(node.cloneNode(true));
    // Links in the preview go nowhere: it shows the page, the editor stays where it is.
    doc.addEventListener("click", (event) => {
      if ((event.target as Element | null)?.closest("a, button[type='submit']")) event.preventDefault();
    });
    doc.addEventListener("submit", (event) => event.preventDefault());
    const root = doc.getElementById("preview");
    setMount(root);
    if (!root) return;
    const observer = new ResizeObserver(() => setHeight(Math.max(300, root.scrollHeight)));
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setBoxWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      <div style={{ height: height * scale }} className="relative mx-auto" data-testid="preview-box">
        <iframe
          ref={frame}
          title={`Preview at ${width} width (${pixels} px)`}
          style={{ width: pixels, height, transform: `scale(${scale})`, transformOrigin: "top left" }}
          className="absolute top-0 left-0 border-0 bg-white"
        />
      </div>
      {mount
        ? createPortal(
            <div className="flex min-h-dvh flex-col bg-white font-sans text-slate-900">
              <Header nav={nav.header.map((link) => ({ to: link.href, label: link.label }))} />
              <main className="flex-1">{children}</main>
              <Footer columns={nav.footer} socialLinks={[]} />
            </div>,
            mount,
          )
        : null}
    </div>
  );
}

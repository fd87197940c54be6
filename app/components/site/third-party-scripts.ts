// The third-party scripts the consent banner gates (consent.tsx): Google Analytics, the Meta pixel, Hotjar and
// the chat widget. Loaded only once a visitor has accepted, so the others never download this code.

export interface TrackingSettings {
  googleAnalyticsId: string;
  facebookPixelId: string;
  hotjarId: string;
  chatEnabled: boolean;
  chatWidget: string;
}

type AnyWindow = Window & Record<string, unknown>;

function addScript(id: string, src: string, nonce: string) {
  if (document.getElementById(id)) return;
  const script = document.createElement("script");
  script.id = id;
  script.async = true;
  script.src = src;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

/** Inserts the admin's chat embed code; script elements are re-created so the browser runs them. */
function injectChatWidget(code: string, nonce: string) {
  if (document.getElementById("chat-widget-root")) return;
  const root = document.createElement("div");
  root.id = "chat-widget-root";
  const template = document.createElement("template");
  template.innerHTML = code;
  for (const node of Array.from(template.content.childNodes)) {
    if (node instanceof HTMLScriptElement) {
      const script = document.createElement("script");
      for (const attr of Array.from(node.attributes)) script.setAttribute(attr.name, attr.value);
      script.text = node.text;
      if (nonce) script.nonce = nonce;
      root.appendChild(script);
    } else {
      root.appendChild(node);
    }
  }
  document.body.appendChild(root);
}

export function loadTracking(settings: TrackingSettings, nonce: string) {
  const w = window as unknown as AnyWindow;
  const ga = settings.googleAnalyticsId.trim();
  if (/^[A-Z0-9-]{4,40}$/i.test(ga) && !w.gtag) {
    w.dataLayer = (w.dataLayer as unknown[]) ?? [];
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag queues the arguments object itself
      (w.dataLayer as unknown[]).push(arguments);
    };
    (w.gtag as (...a: unknown[]) => void)("js", new Date());
    (w.gtag as (...a: unknown[]) => void)("config", ga);
    addScript("ga-script", `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga)}`, nonce);
  }
  const pixel = settings.facebookPixelId.trim();
  if (/^\d{5,20}$/.test(pixel) && !w.fbq) {
    const queue: unknown[][] = [];
    const fbq = (...args: unknown[]) => queue.push(args);
    Object.assign(fbq, { queue, loaded: true, version: "2.0", push: fbq });
    w.fbq = fbq;
    w._fbq = fbq;
    fbq("init", pixel);
    fbq("track", "PageView");
    addScript("meta-pixel-script", "https://connect.facebook.net/en_US/fbevents.js", nonce);
  }
  const hotjar = settings.hotjarId.trim();
  if (/^\d{3,12}$/.test(hotjar) && !w.hj) {
    const queue: unknown[][] = [];
    w.hj = Object.assign((...args: unknown[]) => queue.push(args), { q: queue });
    w._hjSettings = { hjid: Number(hotjar), hjsv: 6 };
    addScript("hotjar-script", `https://static.hotjar.com/c/hotjar-${hotjar}.js?sv=6`, nonce);
  }
  if (settings.chatEnabled && settings.chatWidget.trim()) injectChatWidget(settings.chatWidget, nonce);
}

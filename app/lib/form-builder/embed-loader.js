// The loader another website includes to show one of our forms (served as /embed/forms.js; ADR 058). Each
// <script src=".../embed/forms.js" data-form="<form id>"> puts, where it stands, a frame of that form's embed page
// (/embed/forms/<id>), tells that page the address of the page around it (after #page=, never sent to a server by
// the browser), and then follows two messages from it: its height, so the frame grows and shrinks with the form,
// and, after a submission whose form goes to another page, that page. A message counts only when it comes from our
// origin (the script's own) and from this script's frame. Plain JavaScript, as it runs on pages we do not build;
// the message names are EMBED_MESSAGES of embedding.ts.
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.dataset.form || "embedded" in script.dataset) return;
  script.dataset.embedded = "";
  const base = new URL(script.src).origin;
  const page = location.href.split("#")[0];
  const frame = document.createElement("iframe");
  frame.src = `${base}/embed/forms/${encodeURIComponent(script.dataset.form)}#page=${encodeURIComponent(page)}`;
  frame.title = script.dataset.title || "Form";
  frame.style.cssText = "display:block;width:100%;height:480px;border:0;overflow:hidden";
  if (script.parentNode && script.parentNode !== document.head) script.parentNode.insertBefore(frame, script);
  else document.body.append(frame);
  window.addEventListener("message", (event) => {
    if (event.origin !== base || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== "object") return;
    if (data.type === "asimov:form-height" && typeof data.height === "number" && data.height > 0) {
      frame.style.height = `${Math.min(Math.ceil(data.height), 20000)}px`;
    } else if (data.type === "asimov:form-redirect" && typeof data.url === "string") {
      const target = new URL(data.url, base);
      if (target.protocol === "https:" || target.protocol === "http:") location.assign(target.href);
    }
  });
})();

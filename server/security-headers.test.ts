import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CaptchaWidget } from "~/components/site/captcha-widget";
import { captchaLoader } from "~/lib/form-builder/captcha";
import { mergeSettings } from "~/lib/settings";
import {
  baseSecurityHeaders,
  captchaSourcesIn,
  contentSecurityPolicy,
  inlineScriptHashes,
  joinSources,
  originsInSnippet,
  thirdPartySources,
} from "./security-headers";

const settings = (overrides: Record<string, string>) =>
  mergeSettings(
    Object.entries(overrides).map(([settingKey, settingValue]) => ({ settingKey, settingValue })),
  );

describe("content security policy", () => {
  it("allows only our scripts and the nonce when no third party is configured", () => {
    const csp = contentSecurityPolicy({
      nonce: "abc",
      https: false,
      sources: thirdPartySources(settings({})),
    });
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("adds analytics hosts only for the IDs that are set", () => {
    const ga = contentSecurityPolicy({
      nonce: "n",
      https: true,
      sources: thirdPartySources(settings({ googleAnalyticsId: "G-TEST123" })),
    });
    expect(ga).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(ga).not.toContain("facebook");
    expect(ga).not.toContain("hotjar");
    expect(ga).toContain("upgrade-insecure-requests");
    const all = contentSecurityPolicy({
      nonce: "n",
      https: false,
      sources: thirdPartySources(settings({ facebookPixelId: "123", hotjarId: "456" })),
    });
    expect(all).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(all).toMatch(/script-src [^;]*https:\/\/static\.hotjar\.com/);
    expect(all).not.toContain("googletagmanager");
  });

  it("allows the chat widget's hosts only while chat is enabled", () => {
    const code = `<script src="https://embed.chat.example/widget.js"></script><script>s.src="https://cdn.chat.example/x.js"</script>`;
    expect(originsInSnippet(code)).toEqual(["https://cdn.chat.example", "https://embed.chat.example"]);
    const off = thirdPartySources(settings({ chatWidget: code, chatEnabled: "false" }));
    expect(off.script).toEqual([]);
    const on = thirdPartySources(settings({ chatWidget: code, chatEnabled: "true" }));
    expect(on.script).toEqual([
      "https://cdn.chat.example",
      "https://embed.chat.example",
      inlineScriptHashes('<script>s.src="https://cdn.chat.example/x.js"</script>')[0],
    ]);
    expect(on.connect).toContain("wss://embed.chat.example");
  });
});

describe("public pages' policy by hash", () => {
  it("names each inline script by the SHA-256 of its text, as the browser hashes it, with 'strict-dynamic'", () => {
    const html =
      '<head><script>a()</script><script type="module" src="/x.js"></script></head>' +
      '<body><script type="module-after-paint">import("/y.js")</script><script>a()</script>' +
      "<script>b()\r\n</script></body>";
    const hashes = inlineScriptHashes(html);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    // Once each, files by their src not at all, CR LF read as LF (the HTML parser's newline).
    expect(hashes).toEqual([sha("a()"), sha('import("/y.js")'), sha("b()\n")]);
    const csp = contentSecurityPolicy({ hashes, https: false, sources: thirdPartySources(settings({})) });
    expect(csp).toContain(`script-src 'self' ${hashes.join(" ")} 'strict-dynamic';`);
    expect(csp).not.toContain("nonce");
  });
});

describe("a page showing a built form's captcha", () => {
  const plainForm = (provider: "turnstile" | "hcaptcha") =>
    renderToStaticMarkup(
      createElement(CaptchaWidget, {
        captcha: { provider, siteKey: "site-key-1" },
        live: false,
        round: 0,
        idPrefix: "f",
      }),
    );

  it("allows that provider's hosts and its loader's hash, on that page only", () => {
    const html = `<main><form>${plainForm("turnstile")}</form></main>`;
    expect(html).toContain('class="cf-turnstile');
    const hashes = inlineScriptHashes(html);
    const sha = `'sha256-${createHash("sha256").update(captchaLoader("turnstile")).digest("base64")}'`;
    expect(hashes).toEqual([sha]);
    const sources = joinSources(thirdPartySources(settings({})), captchaSourcesIn(html));
    const csp = contentSecurityPolicy({ hashes, https: true, sources });
    const cloudflare = "https://challenges.cloudflare.com";
    expect(csp).toContain(`script-src 'self' ${sha} 'strict-dynamic' ${cloudflare};`);
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${cloudflare}`));
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${cloudflare};`));
    expect(csp).not.toContain("hcaptcha");

    const hcaptcha = contentSecurityPolicy({
      hashes: [],
      https: true,
      sources: captchaSourcesIn(plainForm("hcaptcha")),
    });
    expect(hcaptcha).toContain("frame-src https://www.youtube.com");
    expect(hcaptcha).toMatch(/frame-src [^;]*https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com/);
    expect(hcaptcha).toMatch(/style-src [^;]*https:\/\/\*\.hcaptcha\.com/);
    expect(hcaptcha).not.toContain("cloudflare");
  });

  it("allows nothing for a page without one, even one whose text names the marker", () => {
    const text = renderToStaticMarkup(createElement("p", null, '<div data-captcha-provider="turnstile">'));
    for (const html of ["<main><form><input name=x></form></main>", text]) {
      expect(captchaSourcesIn(html)).toEqual({
        script: [],
        style: [],
        connect: [],
        img: [],
        font: [],
        frame: [],
      });
    }
  });
});

describe("frames", () => {
  it("refuses every frame, unless the answer names the sites that may frame it (an embedded form)", () => {
    const sources = thirdPartySources(settings({}));
    expect(contentSecurityPolicy({ hashes: [], https: false, sources })).toMatch(/frame-ancestors 'none'$/);
    expect(contentSecurityPolicy({ hashes: [], https: false, sources, frameAncestors: null })).toMatch(
      /frame-ancestors 'none'$/,
    );
    expect(contentSecurityPolicy({ hashes: [], https: false, sources, frameAncestors: [] })).toMatch(
      /frame-ancestors 'self'$/,
    );
    const framed = contentSecurityPolicy({
      hashes: [],
      https: true,
      sources,
      frameAncestors: ["https://partner.example", "http://localhost:4000"],
    });
    expect(framed).toContain("frame-ancestors 'self' https://partner.example http://localhost:4000;");
    expect(framed).toMatch(/upgrade-insecure-requests$/);
  });
});

describe("base headers", () => {
  it("sends HSTS only on https", () => {
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(baseSecurityHeaders(false)).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
  });

  it("turns off the legacy XSS auditor on every response (the CSP protects; the auditor itself leaked data)", () => {
    expect(baseSecurityHeaders(false)["X-XSS-Protection"]).toBe("0");
    expect(baseSecurityHeaders(true)["X-XSS-Protection"]).toBe("0");
  });
});

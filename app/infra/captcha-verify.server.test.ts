// The captcha check against a real HTTP server that answers the providers' siteverify contract, and against
// servers that answer nothing useful: only a plain `success: true` passes, a visitor's bad answer is refused, and
// everything else (no answer in time, an error status, not the provider's JSON, a refusal of our own keys) is
// "unchecked", which the model holds for review.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { type Siteverify, startSiteverify } from "../../tests/support/siteverify";
import { verifyCaptchaToken, verifyUrlOf } from "./captcha-verify.server";

const SECRET = "0x0000000000000000000000000000000000000000";
let provider: Siteverify;
const check = (token: string, overrides: Partial<Parameters<typeof verifyCaptchaToken>[0]> = {}) =>
  verifyCaptchaToken({ provider: "hcaptcha", secret: SECRET, token, remoteIp: "203.0.113.5", ...overrides });

/** A server answering every request with `status`, `headers` and `body`. */
async function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const server: Server = createServer((_req, res) => res.writeHead(status, headers).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  provider = await startSiteverify(SECRET);
  Object.assign(env(), { captchaVerifyUrl: provider.url });
});
afterAll(async () => {
  Object.assign(env(), { captchaVerifyUrl: undefined });
  await provider.close();
});

describe("verifyCaptchaToken", () => {
  it("goes to the provider's own endpoint unless CAPTCHA_VERIFY_URL says otherwise", () => {
    expect(verifyUrlOf("turnstile")).toBe(provider.url);
    Object.assign(env(), { captchaVerifyUrl: undefined });
    expect(verifyUrlOf("turnstile")).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    expect(verifyUrlOf("hcaptcha")).toBe("https://api.hcaptcha.com/siteverify");
    Object.assign(env(), { captchaVerifyUrl: provider.url });
  });

  it("passes what the provider accepts, once; refuses what it does not", async () => {
    expect(await check("pass-a")).toBe("passed");
    expect(provider.requests.at(-1)).toEqual({ secret: SECRET, response: "pass-a", remoteip: "203.0.113.5" });
    expect(await check("pass-a")).toBe("refused");
    expect(await check("no-good")).toBe("refused");
    expect(await check("pass-b", { remoteIp: "" })).toBe("passed");
    expect(provider.requests.at(-1)).toEqual({ secret: SECRET, response: "pass-b" });
  });

  it("leaves it unchecked when the provider refuses our secret rather than the visitor's answer", async () => {
    expect(await check("pass-c", { secret: "0xwrong" })).toBe("unchecked");
  });

  it("leaves it unchecked when the provider does not answer within the timeout", async () => {
    provider.hang = true;
    try {
      expect(await check("pass-d", { timeoutMs: 200 })).toBe("unchecked");
    } finally {
      provider.hang = false;
    }
  });

  it("leaves it unchecked on an error status, a body that is not its JSON, or a redirect", async () => {
    for (const [status, body, headers] of [
      [503, "busy", {}],
      [200, "<html>not json</html>", { "content-type": "text/html" }],
      [200, JSON.stringify({ ok: true }), { "content-type": "application/json" }],
      [302, "", { location: "https://elsewhere.example/" }],
    ] as const) {
      const server = await answering(status, body, headers);
      Object.assign(env(), { captchaVerifyUrl: server.url });
      try {
        expect(await check("pass-e")).toBe("unchecked");
      } finally {
        Object.assign(env(), { captchaVerifyUrl: provider.url });
        await server.close();
      }
    }
  });
});

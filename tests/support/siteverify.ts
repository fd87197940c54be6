// A real HTTP server answering the captcha providers' siteverify contract (Cloudflare Turnstile's and hCaptcha's
// are the same): a POST of `secret`, `response` and optionally `remoteip`, form-encoded, answered with JSON whose
// `success` says whether the answer is good and whose `error-codes` say why not. Like the providers: a wrong secret
// is "invalid-input-secret", an unknown answer "invalid-input-response", an answer seen before
// "timeout-or-duplicate" (each passes once). Answers starting with "pass" are good ones. A test can make it answer
// with an error status, or not answer at all.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface Siteverify {
  url: string;
  /** Every verification asked for, as the server received it. */
  requests: Record<string, string>[];
  /** Answer every request with this HTTP status and no JSON (a provider in trouble); undefined: answer normally. */
  failWith: number | undefined;
  /** Keep requests waiting without an answer (a provider that does not answer in time). */
  hang: boolean;
  close(): Promise<void>;
}

export async function startSiteverify(secret: string): Promise<Siteverify> {
  const seen = new Set<string>();
  const waiting = new Set<() => void>();
  const state: Siteverify = {
    url: "",
    requests: [],
    failWith: undefined,
    hang: false,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of waiting) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const answer = (form: Record<string, string>) => {
    if (!form.secret) return { success: false, "error-codes": ["missing-input-secret"] };
    if (form.secret !== secret) return { success: false, "error-codes": ["invalid-input-secret"] };
    if (!form.response) return { success: false, "error-codes": ["missing-input-response"] };
    if (seen.has(form.response)) return { success: false, "error-codes": ["timeout-or-duplicate"] };
    seen.add(form.response);
    if (!form.response.startsWith("pass"))
      return { success: false, "error-codes": ["invalid-input-response"] };
    return {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: "localhost",
      "error-codes": [],
    };
  };
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      state.requests.push(form);
      if (req.method !== "POST") return res.writeHead(405).end();
      if (state.hang) return void waiting.add(() => res.destroy());
      if (state.failWith)
        return res.writeHead(state.failWith, { "content-type": "text/html" }).end("<h1>Oops</h1>");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer(form)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  return state;
}

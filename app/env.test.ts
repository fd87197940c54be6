import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const SECRET = "0123456789abcdef0123456789abcdef";

describe("environment", () => {
  it("has working defaults for a local start", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      port: 3000,
      baseUrl: "http://localhost:3000",
      adminEmail: "admin@example.com",
      seedDemo: true,
      isDeployed: false,
      databaseUrl: undefined,
    });
  });

  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ ADMIN_PASSWORD: "123" })).toThrow(/ADMIN_PASSWORD: must be at least 6/);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
  });

  it("requires ADMIN_EMAIL on a public deployment", () => {
    expect(() => parseEnv({ BASE_URL: "https://www.example.com", AUTH_SECRET: SECRET })).toThrow(EnvError);
    expect(() => parseEnv({ BASE_URL: "https://www.example.com", AUTH_SECRET: SECRET })).toThrow(
      /ADMIN_EMAIL/,
    );
    const env = parseEnv({
      BASE_URL: "https://www.example.com/",
      ADMIN_EMAIL: "ops@example.com",
      AUTH_SECRET: SECRET,
    });
    expect(env.baseUrl).toBe("https://www.example.com");
    expect(env.isDeployed).toBe(true);
  });

  it("requires AUTH_SECRET on a public deployment, saying how to make one", () => {
    const deployed = { BASE_URL: "https://www.example.com", ADMIN_EMAIL: "ops@example.com" };
    expect(() => parseEnv(deployed)).toThrow(EnvError);
    expect(() => parseEnv(deployed)).toThrow(/AUTH_SECRET: required when BASE_URL is a public address/);
    expect(() => parseEnv(deployed)).toThrow(/openssl rand -base64 32/);
    expect(parseEnv({ ...deployed, AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
    // A local start keeps working without one (the secret is generated and stored).
    expect(parseEnv({ BASE_URL: "http://localhost:3000" }).authSecret).toBeUndefined();
  });

  it("lower-cases ADMIN_EMAIL, as better-auth stores emails", () => {
    expect(parseEnv({ ADMIN_EMAIL: " Admin@Example.COM " }).adminEmail).toBe("admin@example.com");
  });

  it("reads SEED_DEMO=false", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

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
    expect(() => parseEnv({ BASE_URL: "https://www.example.com" })).toThrow(EnvError);
    expect(() => parseEnv({ BASE_URL: "https://www.example.com" })).toThrow(/ADMIN_EMAIL/);
    const env = parseEnv({ BASE_URL: "https://www.example.com/", ADMIN_EMAIL: "ops@example.com" });
    expect(env.baseUrl).toBe("https://www.example.com");
    expect(env.isDeployed).toBe(true);
  });

  it("reads SEED_DEMO=false", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });
});

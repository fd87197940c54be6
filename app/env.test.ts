import { describe, expect, it } from "vitest";
import { EnvError, initialLogLevel, parseEnv } from "./env.server";

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

  it("listens on every interface, except the development server, which stays on this machine", () => {
    expect(parseEnv({}).host).toBe("0.0.0.0");
    expect(parseEnv({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(parseEnv({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("takes LOG_LEVEL for the logger before validation only when it is a level", () => {
    expect(initialLogLevel({ LOG_LEVEL: "warn" })).toBe("warn");
    expect(initialLogLevel({ LOG_LEVEL: "loud" })).toBe("info");
    expect(initialLogLevel({})).toBe("info");
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

  it("reads TRUST_PROXY as a hop count or a list of proxy addresses, never the client's left-most claim", () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: " 10.0.0.0/8, 192.0.2.10 ,fd00::/8,uniquelocal" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.0.2.10",
      "fd00::/8",
      "uniquelocal",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(EnvError);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: "true" would trust any X-Forwarded-For/,
    );
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/number of proxies/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY: "10.0.0.0\/33" is not/);
    expect(() => parseEnv({ TRUST_PROXY: "nginx, 10.0.0.1" })).toThrow(/"nginx"/);
    expect(() => parseEnv({ TRUST_PROXY: "1.5" })).toThrow(/TRUST_PROXY/);
  });

  it("reads the backup folder and hour, scheduled backups off without a folder", () => {
    expect(parseEnv({}).backup).toEqual({ dir: undefined, hour: 3 });
    expect(parseEnv({ BACKUP_DIR: "/srv/backups", BACKUP_HOUR: "0" }).backup).toEqual({
      dir: "/srv/backups",
      hour: 0,
    });
    expect(() => parseEnv({ BACKUP_HOUR: "24" })).toThrow(/BACKUP_HOUR/);
    expect(() => parseEnv({ BACKUP_HOUR: "3.5" })).toThrow(/BACKUP_HOUR/);
  });
});

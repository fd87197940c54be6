// Structured JSON logs (pino). Never log secrets: API keys, passwords and cookies are redacted by path.
import pino from "pino";
import { env } from "~/env.server";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "apiKey",
      "*.apiKey",
      "headers.cookie",
      "headers['x-api-key']",
      "*.headers.cookie",
      "*.headers['x-api-key']",
    ],
    censor: "[redacted]",
  },
});

/** Applies the validated LOG_LEVEL once the environment is known. */
export function configureLogger() {
  logger.level = env().logLevel;
}

// Logs through pino. Where stdout is a service manager, a container runtime or a log shipper, one JSON object per
// line; at a terminal (`npm run dev`, `npm start` by hand), pino-pretty's readable lines instead. Never log
// secrets: API keys, passwords and cookies are redacted by path.
import { createRequire } from "node:module";
import pino, { type DestinationStream, type LoggerOptions } from "pino";
import type PinoPretty from "pino-pretty";
import { env, initialLogLevel } from "~/env.server";

const options: LoggerOptions = {
  level: initialLogLevel(),
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
};

/**
 * pino-pretty as a stream in this thread, not as a pino transport: a transport loads its module by name in a
 * worker thread, which the bundled server build does not make dependable. Loaded only when needed, because
 * importing it costs tens of milliseconds of every start-up otherwise.
 */
function prettyStream(destination?: NodeJS.WritableStream): DestinationStream {
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  return pretty({
    colorize: !destination,
    translateTime: "SYS:HH:MM:ss.l",
    sync: true,
    ...(destination ? { destination } : {}),
  });
}

/** A logger writing readable lines when `pretty`, JSON lines otherwise; to stdout unless given a destination. */
export function createLogger(pretty: boolean, destination?: NodeJS.WritableStream) {
  if (pretty) return pino(options, prettyStream(destination));
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}

export const logger = createLogger(Boolean(process.stdout.isTTY));

/** Applies the validated LOG_LEVEL once the environment is known. */
export function configureLogger() {
  logger.level = env().logLevel;
}

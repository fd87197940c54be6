// `npm start`: builds if needed, then serves the production build.
import "./check-node.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

buildIfNeeded();
// Set before the app loads: server.ts picks the production build by it, and the app reads it once at start-up.
process.env.NODE_ENV ??= "production";
await import("../server.ts");

// `npm start`: builds if needed, then serves the production build.
import "./check-node.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

buildIfNeeded();
process.env.NODE_ENV ??= "production";
await import("../server.ts");

// better-auth's HTTP endpoints (/api/auth/*): only those the product uses answer, every other one is a 404
// (app/auth/endpoint-policy.server.ts, applied inside the auth instance so it holds for every caller).
import { auth } from "~/auth/instance.server";
import type { Route } from "./+types/api-auth";

export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}

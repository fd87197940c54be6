// better-auth's HTTP endpoints (/api/auth/*).
import { auth } from "~/auth/instance.server";
import type { Route } from "./+types/api-auth";

export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}

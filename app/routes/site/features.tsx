// /features: the pricing page links here; the features live in the landing page's #features section.
import { redirect } from "react-router";

export function loader() {
  return redirect("/#features", 301);
}

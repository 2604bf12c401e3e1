import { data } from "react-router";
import { mapRefusals } from "@server/http/refusals";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/not-found";

export const loader = mapRefusals(({ request, context }: Route.LoaderArgs) => {
  const path = new URL(request.url).pathname;
  context.logger.warn({ path }, "404: page not found");
  return data({ path }, { status: 404 });
});

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}

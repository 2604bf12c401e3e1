import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.logger.warn({ path }, "404: page not found");
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found" },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}

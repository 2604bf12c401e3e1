import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // -- tooling (issue 7) --  /admin/integrations nests under the admin layout once sign-in is merged:
  //   route("integrations", "routes/admin/integrations.tsx") among the "admin" route's children.
  route("admin-backup", "routes/admin-backup.tsx"),
  // -- end tooling --
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

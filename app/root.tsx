import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from "react-router";
import fraunces700 from "@fontsource/fraunces/files/fraunces-latin-700-normal.woff2?url";
import nunito from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import type { Route } from "./+types/root";
import "./app.css";
import { AppToaster } from "./components/app-toaster";
import { describeError } from "./components/error-view";
import { NotFound } from "./components/not-found";
import { inlinePageViewScript } from "./features/analytics/page-view";
import { usePageViewBeacon } from "./features/analytics/page-view-beacon";
import { AuthProvider } from "./features/auth/auth-provider";
import { useLoaderAuthSnapshot } from "./features/auth/loader-snapshot";
import { islandLoaderScript, pageScripts, routerLoaderScript } from "./islands/page-scripts";
import { RouterNavigation } from "./lib/router-navigation";
import { markToasterMounted } from "./lib/toast";
import { useNonce } from "./lib/nonce";

// Every page's two font files (body text, and headings in their one weight) start loading with the
// HTML, not after the stylesheet: the text then swaps before the first paint instead of shifting later.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...[nunito, fraunces700].map((href) => ({ rel: "preload", as: "font", type: "font/woff2", href, crossOrigin: "anonymous" as const })),
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const leaf = useMatches().at(-1);
  const scripts = pageScripts(leaf?.id, leaf?.handle);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5e59" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* auth: one session state for the whole app; its toasts use the AppToaster below */}
        <RouterNavigation>
          <AuthProvider seed={useLoaderAuthSnapshot()}>{children}</AuthProvider>
        </RouterNavigation>
        {scripts.kind === "router" && (
          <>
            <AppToaster onMounted={markToasterMounted} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: routerLoaderScript }} />
          </>
        )}
        {scripts.kind === "island" && <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: islandLoaderScript(scripts) }} />}
        {scripts.kind === "none" && <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: inlinePageViewScript }} />}
      </body>
    </html>
  );
}

export default function App() {
  usePageViewBeacon();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // The same words as the admin and customer areas' boundaries: a refusal says why (a role that does
  // not open a page: "Not allowed" and the reason), never a bare status line.
  const { title, detail } = describeError(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      {/* No route's meta reaches the root's boundary: the page names itself (a care attendant refused the desk reads "Not allowed"). */}
      <title>{title}</title>
      <h1 className="text-4xl">{title}</h1>
      <p className="text-muted">{detail}</p>
      <a className="font-semibold text-brand-700 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}

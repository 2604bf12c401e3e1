import { jsonForScript } from "~/lib/json-for-script";
import { ISLAND_PROPS_ID, ISLAND_ROOT_ID } from "./page-scripts";

/**
 * Server side of a page island: the page's markup, and the props its island entry hydrates it
 * with (JSON, not script). Under the router (client-side navigation, development) it is inert.
 */
export function IslandRoot<P>({ props, children }: { props: P; children: React.ReactNode }) {
  return (
    <>
      <div id={ISLAND_ROOT_ID} className="contents">
        {children}
      </div>
      <script type="application/json" id={ISLAND_PROPS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}

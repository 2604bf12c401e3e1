import { useNavigate } from "react-router";
import { NavigateContext } from "./navigation";

/** Under the router, shared components navigate client-side (see ./navigation). */
export function RouterNavigation({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={(to) => void navigate(to)}>{children}</NavigateContext.Provider>;
}

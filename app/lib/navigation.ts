import { createContext, useContext } from "react";

type Navigate = (to: string) => void;

/**
 * Navigation for components used both under the router and in page islands: a full page load by
 * default (islands have no router); the root provides the router's client-side navigation.
 */
export const NavigateContext = createContext<Navigate>((to) => window.location.assign(to));

export const useAppNavigate = (): Navigate => useContext(NavigateContext);

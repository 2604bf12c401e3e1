import { LandingPage } from "~/features/landing/landing-page";
import { hydrateIsland } from "./hydrate-island";

hydrateIsland(LandingPage);

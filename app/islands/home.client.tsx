import { HomePage } from "~/features/home/home-page";
import { hydrateIsland } from "./hydrate-island";

hydrateIsland(HomePage);

import { BookOnlinePage } from "~/features/landing/book-online-page";
import { hydrateIsland } from "./hydrate-island";

hydrateIsland(BookOnlinePage);

import { BackupHomePage } from "~/features/home/backup-home-page";
import { hydrateIsland } from "./hydrate-island";

hydrateIsland(BackupHomePage);

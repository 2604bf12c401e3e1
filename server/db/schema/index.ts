// One file per domain; each is re-exported here so Drizzle and drizzle-kit see the whole schema.
export * from "./core";
export * from "./rate-limit";
export * from "./grooming";
export * from "./appointments";
export * from "./telephony";
export * from "./auth";
export * from "./leads";
export * from "./analytics";
export * from "./content";
export * from "./media";
export * from "./households";
export * from "./vaccines";
export * from "./stays";
export * from "./mail-queue";
export * from "./sms-queue";
export * from "./payments";
export * from "./backups";

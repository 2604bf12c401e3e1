/**
 * The home page's sections and dialogs that the other public pages reuse, imported from ONE place.
 *
 * Until the home page's components are merged, the interim stand-ins below are used; after the
 * merge each line becomes a re-export of the home page's component, e.g.
 *   export { ServicesSection } from "~/features/home/services-section";
 *   export { VideoSection } from "~/features/home/video-section";
 *   export { AboutSection } from "~/features/home/about-section";   // about + the three team members
 *   export { SiteFooter } from "~/features/home/site-footer";
 *   export { Hero as HomeHero } from "~/features/home/hero";            // needs HomeDialogsProvider around the page
 *   export const loadVoucherDialog = () => import("~/features/leads/voucher-dialog");
 */
export { AboutSection, HomeHero, ServicesSection, SiteFooter, VideoSection } from "./interim-home-parts";
export const loadVoucherDialog = () => import("./interim-voucher-dialog");

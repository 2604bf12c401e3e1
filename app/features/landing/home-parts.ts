/**
 * The home page's sections and dialogs that the other public pages reuse, imported from one place.
 * `AboutSection` carries the about text and the three team members.
 */
export { AboutSection } from "~/features/home/about-section";
export { ServicesSection } from "~/features/home/services-section";
export { SiteFooter } from "~/features/home/site-footer";
export { VideoSection } from "~/features/home/video-section";
export { VoucherDialog } from "~/features/leads/voucher-dialog";

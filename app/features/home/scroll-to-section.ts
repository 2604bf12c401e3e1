/** The sticky navigation bar's height: sections land just below it. */
export const SECTION_SCROLL_OFFSET = 80;

export const sectionIds = {
  services: "services",
  reviews: "testimonials",
  about: "about",
  help: "help",
  map: "location",
  donate: "donate",
} as const;

const prefersReducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Scrolls so the section's top sits 80 px below the viewport top; jumps when motion is reduced. */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - SECTION_SCROLL_OFFSET;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? "instant" : "smooth" });
  // Move keyboard focus along without a second jump, so Tab continues from the section.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

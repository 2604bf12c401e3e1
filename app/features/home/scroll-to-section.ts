export const sectionIds = {
  services: "services",
  reviews: "testimonials",
  about: "about",
  help: "help",
  map: "location",
  donate: "donate",
} as const;

const prefersReducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A section drawn only near the viewport (`.render-when-near`, ADR 0225) has a guessed height until it
 * is drawn, and a smooth scroll draws the ones it passes: the target would move away while the scroll
 * runs to where it was. The sections up to the target are drawn before its place is measured.
 */
function drawSectionsUpTo(target: HTMLElement) {
  for (const section of document.querySelectorAll<HTMLElement>(".render-when-near")) {
    if (section.contains(target) || section.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) section.style.contentVisibility = "visible";
  }
}

/**
 * Scrolls so the section's top sits below the sticky navigation bar (the page's `scroll-padding-top`,
 * 80 px, the one offset a link's target also lands at); jumps when motion is reduced.
 */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  drawSectionsUpTo(target);
  target.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "instant" : "smooth" });
  // Move keyboard focus along without a second jump, so Tab continues from the section.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

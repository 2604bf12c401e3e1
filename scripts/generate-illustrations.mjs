// Draws the placeholder artwork (cats, rooms, grooming, team portraits) into public/images/.
// These stand in for the business's photos; replace the files (same names and sizes) with real ones.
import fs from "node:fs";
import path from "node:path";

const out = path.resolve(import.meta.dirname, "../public/images");
fs.mkdirSync(out, { recursive: true });
const write = (name, w, h, body, label) =>
  fs.writeFileSync(
    path.join(out, name),
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">${body}</svg>\n`,
  );

/** A sitting cat, about 200 x 240 units, origin at its feet centre. */
function cat({ x, y, s = 1, fur = "#f0a24a", dark = "#c9762a", belly = "#fde7cc", eyes = "#2f6b45", stripes = true, flip = false }) {
  const f = flip ? -1 : 1;
  return `<g transform="translate(${x} ${y}) scale(${s * f} ${s})">
  <path d="M60 -10 C 120 -20 120 -90 80 -100 C 60 -105 70 -70 95 -70" fill="none" stroke="${fur}" stroke-width="16" stroke-linecap="round"/>
  <path d="M-70 0 C -80 -70 -60 -130 0 -135 C 60 -130 80 -70 70 0 Z" fill="${fur}"/>
  <path d="M-30 0 C -35 -50 -25 -95 0 -100 C 25 -95 35 -50 30 0 Z" fill="${belly}"/>
  ${stripes ? `<path d="M-62 -60 q 14 4 22 -4 M-66 -35 q 14 4 22 -4 M62 -60 q -14 4 -22 -4 M66 -35 q -14 4 -22 -4" stroke="${dark}" stroke-width="6" fill="none" stroke-linecap="round"/>` : ""}
  <ellipse cx="-30" cy="-4" rx="22" ry="10" fill="${fur}"/><ellipse cx="30" cy="-4" rx="22" ry="10" fill="${fur}"/>
  <path d="M-42 -8 v6 M-34 -8 v6 M26 -8 v6 M34 -8 v6" stroke="${dark}" stroke-width="2.5" stroke-linecap="round"/>
  <g transform="translate(0 -160)">
    <path d="M-58 -20 L-52 -78 L-14 -46 Z" fill="${fur}"/><path d="M58 -20 L52 -78 L14 -46 Z" fill="${fur}"/>
    <path d="M-50 -30 L-47 -62 L-26 -44 Z" fill="#f6b6a8"/><path d="M50 -30 L47 -62 L26 -44 Z" fill="#f6b6a8"/>
    <ellipse cx="0" cy="0" rx="66" ry="56" fill="${fur}"/>
    ${stripes ? `<path d="M-12 -52 l4 16 M0 -55 v18 M12 -52 l-4 16" stroke="${dark}" stroke-width="6" stroke-linecap="round"/>` : ""}
    <ellipse cx="0" cy="22" rx="34" ry="24" fill="${belly}"/>
    <ellipse cx="-24" cy="-4" rx="10" ry="13" fill="${eyes}"/><ellipse cx="24" cy="-4" rx="10" ry="13" fill="${eyes}"/>
    <ellipse cx="-24" cy="-3" rx="3.5" ry="10" fill="#1d2626"/><ellipse cx="24" cy="-3" rx="3.5" ry="10" fill="#1d2626"/>
    <circle cx="-20" cy="-9" r="3" fill="#fff"/><circle cx="28" cy="-9" r="3" fill="#fff"/>
    <path d="M-7 14 h14 l-7 8 z" fill="#e8857a"/>
    <path d="M0 22 q -8 10 -16 4 M0 22 q 8 10 16 4" stroke="#1d2626" stroke-width="2.5" fill="none" stroke-linecap="round"/>
    <path d="M-30 18 h-40 M-30 26 l-38 8 M30 18 h40 M30 26 l38 8" stroke="#fff" stroke-width="2" opacity=".85" stroke-linecap="round"/>
  </g>
</g>`;
}

const ginger = {};
const grey = { fur: "#8c97a3", dark: "#5c6672", belly: "#e8ecef", eyes: "#c9a227" };
const black = { fur: "#3a3a44", dark: "#24242b", belly: "#5a5a66", eyes: "#8bc34a", stripes: false };
const cream = { fur: "#f3dcb9", dark: "#d3ad77", belly: "#fff6ea", eyes: "#3a86b5" };

const sun = `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdf1e2"/><stop offset="1" stop-color="#f7e3cb"/></linearGradient></defs>`;

// Hero: ginger cat on a cushion by a window.
write(
  "hero-cat.svg",
  640,
  560,
  `${sun}<rect width="640" height="560" rx="40" fill="url(#wall)"/>
  <rect x="330" y="60" width="240" height="250" rx="24" fill="#bfe6f0"/><path d="M330 240 q60 -50 120 -10 t120 -20 v74 h-240z" fill="#9fd3a8"/>
  <circle cx="520" cy="120" r="34" fill="#ffe08a"/><path d="M450 60 v250 M330 185 h240" stroke="#fff" stroke-width="12"/>
  <rect x="318" y="300" width="264" height="18" rx="9" fill="#e9c9a5"/>
  <rect x="50" y="70" width="90" height="120" rx="12" fill="#ade2d9"/><path d="M70 150 l20 -30 20 20 15 -15 v45 h-55z" fill="#4aaea3"/><rect x="50" y="70" width="90" height="120" rx="12" fill="none" stroke="#fff" stroke-width="8"/>
  <ellipse cx="300" cy="500" rx="230" ry="34" fill="#e5c7a4" opacity=".6"/>
  <path d="M110 500 q0 -70 190 -70 q190 0 190 70 q0 26 -190 26 q-190 0 -190 -26z" fill="#2f9288"/>
  <path d="M130 486 q170 -40 340 0" stroke="#7bcbc0" stroke-width="6" fill="none"/>
  ${cat({ x: 300, y: 470, s: 1.25, ...ginger })}
  <g fill="#f08a3c"><circle cx="560" cy="470" r="22"/><path d="M545 455 q15 15 30 0 M540 472 h40" stroke="#d96d1f" stroke-width="3" fill="none"/></g>`,
  "A relaxed ginger cat on a teal cushion in a sunny room",
);

// Private room.
write(
  "room.svg",
  480,
  320,
  `<rect width="480" height="320" rx="28" fill="#fdf1e2"/><rect y="230" width="480" height="90" fill="#e9c9a5"/>
  <rect x="40" y="40" width="130" height="110" rx="14" fill="#bfe6f0"/><path d="M105 40v110M40 95h130" stroke="#fff" stroke-width="8"/>
  <rect x="30" y="150" width="150" height="14" rx="7" fill="#c99a6b"/>
  <rect x="290" y="60" width="120" height="14" rx="7" fill="#c99a6b"/><rect x="320" y="120" width="120" height="14" rx="7" fill="#c99a6b"/><rect x="290" y="180" width="120" height="14" rx="7" fill="#c99a6b"/>
  <path d="M190 280 q0 -40 70 -40 q70 0 70 40 q0 14 -70 14 q-70 0 -70 -14z" fill="#2f9288"/>
  ${cat({ x: 255, y: 270, s: 0.62, ...grey })}
  ${cat({ x: 350, y: 176, s: 0.32, ...black })}
  <circle cx="110" cy="262" r="14" fill="#f08a3c"/><rect x="395" y="250" width="60" height="34" rx="10" fill="#7bcbc0"/>`,
  "A private cat room with a bed, window and climbing shelves",
);

// Grooming.
write(
  "grooming.svg",
  480,
  320,
  `<rect width="480" height="320" rx="28" fill="#effaf8"/>
  <rect x="60" y="220" width="360" height="26" rx="10" fill="#23756e"/><rect x="90" y="246" width="16" height="60" fill="#1f5e59"/><rect x="374" y="246" width="16" height="60" fill="#1f5e59"/>
  ${cat({ x: 220, y: 222, s: 0.62, ...cream })}
  <g transform="translate(330 120) rotate(25)"><rect x="-10" y="0" width="20" height="90" rx="8" fill="#f08a3c"/><rect x="-34" y="-40" width="68" height="44" rx="14" fill="#d96d1f"/><path d="M-28 4v14M-16 4v14M-4 4v14M8 4v14M20 4v14" stroke="#fff6ea" stroke-width="3"/></g>
  <g fill="#ade2d9"><circle cx="70" cy="70" r="12"/><circle cx="100" cy="50" r="8"/><circle cx="410" cy="60" r="10"/><circle cx="430" cy="90" r="6"/></g>`,
  "A cream cat being gently brushed on a grooming table",
);

// Playroom video poster (16:9).
write(
  "playroom-poster.svg",
  1280,
  720,
  `<rect width="1280" height="720" fill="#fdf1e2"/><rect y="560" width="1280" height="160" fill="#e9c9a5"/>
  <rect x="120" y="90" width="320" height="260" rx="24" fill="#bfe6f0"/><path d="M280 90v260M120 220h320" stroke="#fff" stroke-width="14"/>
  <rect x="930" y="140" width="36" height="430" fill="#c99a6b"/><g fill="#2f9288"><rect x="860" y="170" width="180" height="26" rx="13"/><rect x="880" y="330" width="170" height="26" rx="13"/><rect x="850" y="470" width="190" height="26" rx="13"/></g>
  ${cat({ x: 950, y: 168, s: 0.5, ...black })}
  ${cat({ x: 420, y: 600, s: 1, ...ginger })}
  ${cat({ x: 680, y: 610, s: 0.8, ...grey, flip: true })}
  <circle cx="1130" cy="620" r="34" fill="#f08a3c"/><path d="M560 640 q40 -50 80 0" stroke="#d96d1f" stroke-width="6" fill="none"/>`,
  "Cats relaxing in the playroom",
);

// Team portraits.
const portraits = [
  { file: "team-1.svg", skin: "#c98d6b", hair: "#3b2418", shirt: "#1f5e59", c: ginger, label: "Portrait placeholder of our lead cat behaviorist" },
  { file: "team-2.svg", skin: "#f1c7a6", hair: "#8a5a2b", shirt: "#d96d1f", c: grey, label: "Portrait placeholder of our senior cat caretaker" },
  { file: "team-3.svg", skin: "#8d5a3f", hair: "#1d1614", shirt: "#2f9288", c: black, label: "Portrait placeholder of our employee of the year" },
];
for (const p of portraits) {
  write(
    p.file,
    320,
    320,
    `<rect width="320" height="320" rx="160" fill="#d6f1ec"/>
    <clipPath id="c"><circle cx="160" cy="160" r="160"/></clipPath><g clip-path="url(#c)">
    <path d="M40 340 q0 -110 120 -110 q120 0 120 110z" fill="${p.shirt}"/>
    <rect x="140" y="180" width="40" height="50" fill="${p.skin}"/>
    <ellipse cx="160" cy="140" rx="60" ry="70" fill="${p.skin}"/>
    <path d="M96 140 q-6 -90 64 -92 q70 2 64 92 q-10 -50 -64 -56 q-54 6 -64 56z" fill="${p.hair}"/>
    <circle cx="138" cy="142" r="6" fill="#1d2626"/><circle cx="182" cy="142" r="6" fill="#1d2626"/>
    <path d="M140 172 q20 16 40 0" stroke="#1d2626" stroke-width="4" fill="none" stroke-linecap="round"/>
    ${cat({ x: 236, y: 318, s: 0.42, ...p.c })}</g>`,
    p.label,
  );
}

// Logo: a cat head in a teal badge.
write(
  "logo.svg",
  48,
  48,
  `<circle cx="24" cy="24" r="24" fill="#1f5e59"/><path d="M11 18 L13 7 L20 13 Z M37 18 L35 7 L28 13 Z" fill="#ffbf85"/><ellipse cx="24" cy="25" rx="14" ry="12" fill="#ffbf85"/><ellipse cx="19" cy="24" rx="2" ry="2.8" fill="#1f5e59"/><ellipse cx="29" cy="24" rx="2" ry="2.8" fill="#1f5e59"/><path d="M22.5 29 h3 l-1.5 1.6z" fill="#d96d1f"/><path d="M14 38 q10 6 20 0" stroke="#ffbf85" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  "Laguna Niguel Cat Hotel logo",
);

// Social card.
write(
  "og-card.svg",
  1200,
  630,
  `<rect width="1200" height="630" fill="#1f5e59"/><circle cx="980" cy="120" r="260" fill="#23756e"/>
  ${cat({ x: 900, y: 590, s: 1.5, ...ginger })}
  <text x="80" y="250" font-family="Georgia, serif" font-size="72" font-weight="700" fill="#fff">Laguna Niguel</text>
  <text x="80" y="335" font-family="Georgia, serif" font-size="72" font-weight="700" fill="#fff">Cat Hotel</text>
  <text x="80" y="410" font-family="Helvetica, Arial, sans-serif" font-size="32" fill="#d6f1ec">Cat-only boarding &amp; grooming</text>
  <rect x="80" y="460" width="520" height="64" rx="32" fill="#f08a3c"/><text x="340" y="503" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" fill="#0b2524">First Night Free For New Customers</text>`,
  "Laguna Niguel Cat Hotel — First Night Free For New Customers",
);
console.log("illustrations written to", out);

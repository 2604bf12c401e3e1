// Draws the placeholder gallery "photos" of the Laguna Niguel landing page into
// public/images/gallery/. Replace the files (same names, 600 x 450) with real photos.
import fs from "node:fs";
import path from "node:path";

const out = path.resolve(import.meta.dirname, "../public/images/gallery");
fs.mkdirSync(out, { recursive: true });

const coats = [
  { fur: "#f0a24a", dark: "#c9762a", belly: "#fde7cc" },
  { fur: "#6b6f76", dark: "#44484e", belly: "#e6e6e6" },
  { fur: "#2b2b2e", dark: "#111", belly: "#3c3c40" },
  { fur: "#f4efe6", dark: "#cdbfa9", belly: "#fff" },
  { fur: "#a86b3c", dark: "#6e4221", belly: "#f1d9bd" },
  { fur: "#d9c3a0", dark: "#8a6a45", belly: "#fbf3e6" },
  { fur: "#8d96a3", dark: "#5d6570", belly: "#eef0f3" },
  { fur: "#e3893b", dark: "#a85a1c", belly: "#fff4e6" },
];
const walls = ["#d6f1ec", "#ffedd9", "#e8e4f7", "#fdf1c7", "#dceefb", "#f7dede", "#e4f4d8", "#f0ebe3"];

function cat(x, y, s, c, pose) {
  const lying = pose === "lying";
  const body = lying
    ? `<ellipse cx="0" cy="-30" rx="95" ry="38" fill="${c.fur}"/><ellipse cx="-10" cy="-22" rx="50" ry="18" fill="${c.belly}"/>`
    : `<path d="M-60 0 C -70 -60 -52 -115 0 -118 C 52 -115 70 -60 60 0 Z" fill="${c.fur}"/><path d="M-26 0 C -30 -44 -20 -82 0 -86 C 20 -82 30 -44 26 0 Z" fill="${c.belly}"/>`;
  const head = lying ? "translate(-95 -70)" : "translate(0 -140)";
  const tail = lying
    ? `<path d="M90 -30 C 140 -30 150 -70 120 -80" fill="none" stroke="${c.fur}" stroke-width="14" stroke-linecap="round"/>`
    : `<path d="M52 -8 C 105 -18 105 -80 70 -88" fill="none" stroke="${c.fur}" stroke-width="14" stroke-linecap="round"/>`;
  return `<g transform="translate(${x} ${y}) scale(${s})">${tail}${body}
<g transform="${head}">
<path d="M-50 -16 L-44 -66 L-12 -40 Z" fill="${c.fur}"/><path d="M50 -16 L44 -66 L12 -40 Z" fill="${c.fur}"/>
<path d="M-43 -25 L-40 -52 L-22 -38 Z" fill="#f6b6a8"/><path d="M43 -25 L40 -52 L22 -38 Z" fill="#f6b6a8"/>
<ellipse rx="56" ry="48" fill="${c.fur}"/><ellipse cy="19" rx="29" ry="20" fill="${c.belly}"/>
<path d="M-10 -44 l3 13 M0 -46 v15 M10 -44 l-3 13" stroke="${c.dark}" stroke-width="5" stroke-linecap="round"/>
${pose === "sleepy" || lying ? `<path d="M-30 -4 q 9 7 18 0 M12 -4 q 9 7 18 0" stroke="#1d2626" stroke-width="3.5" fill="none" stroke-linecap="round"/>` : `<ellipse cx="-21" cy="-4" rx="9" ry="11" fill="#2f6b45"/><ellipse cx="21" cy="-4" rx="9" ry="11" fill="#2f6b45"/><ellipse cx="-21" cy="-3" rx="3" ry="8.5" fill="#1d2626"/><ellipse cx="21" cy="-3" rx="3" ry="8.5" fill="#1d2626"/>`}
<path d="M-6 12 h12 l-6 7 z" fill="#e8857a"/>
<path d="M0 19 q -7 9 -14 3 M0 19 q 7 9 14 3" stroke="#1d2626" stroke-width="2.2" fill="none" stroke-linecap="round"/>
</g></g>`;
}

const props = {
  grooming: (i) =>
    [
      `<rect x="120" y="330" width="360" height="26" rx="8" fill="#8fa8a4"/><rect x="150" y="356" width="14" height="94" fill="#6c827e"/><rect x="436" y="356" width="14" height="94" fill="#6c827e"/>`,
      `<g transform="translate(${i % 2 ? 420 : 110} 150) rotate(${i % 2 ? 25 : -25})"><rect x="-12" y="0" width="24" height="90" rx="10" fill="#23756e"/><rect x="-30" y="-34" width="60" height="38" rx="8" fill="#1f5e59"/><path d="M-24 -34 v-14 M-14 -34 v-14 M-4 -34 v-14 M6 -34 v-14 M16 -34 v-14 M24 -34 v-14" stroke="#1d2626" stroke-width="3"/></g>`,
      i % 3 === 0 ? `<g fill="#fff" opacity=".8"><circle cx="470" cy="90" r="14"/><circle cx="500" cy="120" r="9"/><circle cx="448" cy="60" r="7"/></g>` : "",
    ].join(""),
  boarding: (i) =>
    [
      `<rect x="60" y="60" width="150" height="120" rx="10" fill="#fff" stroke="#c9b79c" stroke-width="8"/><path d="M135 60 v120 M60 120 h150" stroke="#c9b79c" stroke-width="6"/>`,
      `<rect x="${i % 2 ? 380 : 400}" y="90" width="140" height="16" rx="4" fill="#a87b4f"/><rect x="${i % 2 ? 380 : 400}" y="180" width="140" height="16" rx="4" fill="#a87b4f"/>`,
      `<ellipse cx="300" cy="405" rx="190" ry="34" fill="${i % 2 ? "#ad7fa8" : "#7bcbc0"}"/>`,
    ].join(""),
  adoption: (i) =>
    [
      `<path d="M${470 - (i % 3) * 20} 90 c 0 -24 34 -24 34 0 c 0 -24 34 -24 34 0 c 0 26 -34 44 -34 52 c 0 -8 -34 -26 -34 -52 z" fill="#e8857a"/>`,
      `<g transform="translate(90 90)"><rect width="120" height="70" rx="10" fill="#fff" stroke="#f08a3c" stroke-width="5"/><circle cx="22" cy="35" r="8" fill="#f08a3c"/><path d="M42 28 h60 M42 44 h42" stroke="#1f5e59" stroke-width="7" stroke-linecap="round"/></g>`,
      i % 2 ? `<circle cx="130" cy="390" r="16" fill="#f08a3c"/><path d="M112 392 q 18 -30 36 0" stroke="#fff" stroke-width="3" fill="none"/>` : "",
    ].join(""),
};

const labels = {
  grooming: [
    "A ginger cat relaxing on the grooming table",
    "A grey cat after a gentle brushing",
    "A black cat during a calm groom",
    "A white cat fresh from the bath",
    "A brown tabby being brushed",
    "A cream cat with a neat trim",
    "A blue-grey cat on the grooming table",
    "An orange cat after a de-shedding treatment",
  ],
  boarding: [
    "A ginger cat napping in a private room",
    "A grey cat on the window perch",
    "A black cat curled up on a cushion",
    "A white cat on the climbing shelves",
    "A brown tabby settling into its room",
    "A cream cat dozing in the sun",
    "A blue-grey cat in a multi-cat suite",
    "An orange cat waiting for breakfast",
  ],
  adoption: [
    "A ginger kitten waiting for a family",
    "A grey cat looking for a home",
    "A black cat ready for adoption",
    "A white cat at an adoption day",
    "A brown tabby meeting visitors",
    "A cream cat hoping to be adopted",
    "A blue-grey cat with an adoption tag",
    "An orange cat on adoption day",
  ],
};

const poses = ["sit", "lying", "sit", "sleepy", "sit", "lying", "sleepy", "sit"];
for (const kind of Object.keys(props)) {
  for (let i = 0; i < 8; i++) {
    const c = coats[(i + (kind === "boarding" ? 3 : kind === "adoption" ? 5 : 0)) % coats.length];
    const wall = walls[(i + kind.length) % walls.length];
    const body = `<rect width="600" height="450" fill="${wall}"/><rect y="360" width="600" height="90" fill="#e9dcc7"/>${props[kind](i)}${cat(300 + (i % 3) * 20 - 20, kind === "grooming" ? 335 : poses[i] === "lying" ? 400 : 380, poses[i] === "lying" ? 1.15 : 1.2, c, poses[i])}`;
    const label = labels[kind][i];
    fs.writeFileSync(
      path.join(out, `${kind}-${i + 1}.svg`),
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450" viewBox="0 0 600 450" role="img" aria-label="${label}">${body}</svg>\n`,
    );
  }
}

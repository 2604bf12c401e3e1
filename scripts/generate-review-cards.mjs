// Draws one SVG "review card" per entry of app/content/reviews.json into public/images/reviews/.
// Run after editing the reviews: node scripts/generate-review-cards.mjs
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reviews = JSON.parse(fs.readFileSync(path.join(root, "app/content/reviews.json"), "utf8"));
const outDir = path.join(root, "public/images/reviews");
fs.mkdirSync(outDir, { recursive: true });

const palettes = [
  { bg: "#fffaf3", accent: "#1f5e59", soft: "#d6f1ec" },
  { bg: "#f4fbf9", accent: "#9a4413", soft: "#ffedd9" },
  { bg: "#fdf6ee", accent: "#23756e", soft: "#ade2d9" },
];

const escape = (s) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if ((line + " " + word).trim().length > max) {
      lines.push(line.trim());
      line = word;
    } else line += " " + word;
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

const star = (x, filled, color) =>
  `<path transform="translate(${x} 0)" d="M12 1.5l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.6l-6.4 3.5 1.4-7.1-5.3-5 7.2-.9z" fill="${filled ? "#f0a23c" : "none"}" stroke="${filled ? "#d98a1f" : color}" stroke-width="1.2"/>`;

for (const [i, r] of reviews.entries()) {
  const p = palettes[i % palettes.length];
  const lines = wrap(`“${r.text}”`, 38);
  const initials = r.author
    .split(" ")
    .map((w) => w[0])
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="Review by ${escape(r.author)}">
<rect width="600" height="400" rx="28" fill="${p.bg}"/>
<rect x="1" y="1" width="598" height="398" rx="27" fill="none" stroke="${p.soft}" stroke-width="2"/>
<clipPath id="card"><rect width="600" height="400" rx="28"/></clipPath><circle cx="540" cy="70" r="90" fill="${p.soft}" opacity=".45" clip-path="url(#card)"/>
<g transform="translate(500 40) scale(1.6)" fill="${p.accent}" opacity=".18"><ellipse cx="12" cy="20" rx="7" ry="6"/><circle cx="4" cy="11" r="3"/><circle cx="10" cy="6" r="3"/><circle cx="17" cy="6" r="3"/><circle cx="22" cy="12" r="3"/></g>
<g transform="translate(44 44)">${[0, 1, 2, 3, 4].map((s) => star(s * 30, s < r.rating, p.accent)).join("")}</g>
<text x="44" y="108" font-family="Georgia, 'Times New Roman', serif" font-size="15" fill="${p.accent}" letter-spacing="1.5" font-weight="700">VERIFIED STAY · SAMPLE REVIEW</text>
<g font-family="Georgia, 'Times New Roman', serif" font-size="28" fill="#1d2626">
${lines.map((l, n) => `<text x="44" y="${150 + n * 37}">${escape(l)}</text>`).join("\n")}
</g>
<line x1="44" y1="318" x2="556" y2="318" stroke="${p.soft}" stroke-width="2"/>
<circle cx="70" cy="354" r="24" fill="${p.accent}"/>
<text x="70" y="361" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18" font-weight="700" fill="#fff">${escape(initials)}</text>
<text x="108" y="350" font-family="Helvetica, Arial, sans-serif" font-size="21" font-weight="700" fill="#1d2626">${escape(r.author)}</text>
<text x="108" y="373" font-family="Helvetica, Arial, sans-serif" font-size="17" fill="#55625f">${escape(r.location)}, CA · ${escape(r.date)}</text>
</svg>
`;
  fs.writeFileSync(path.join(outDir, `review-${r.id}.svg`), svg);
}
console.log(`wrote ${reviews.length} review cards to ${path.relative(root, outDir)}`);

// Fails when modules import each other in a cycle (a module that is half-initialised when its
// importer runs). ESLint's import-x/no-cycle did this at 70 % of the lint time; reading the import
// lines and finding strongly connected components takes well under a second (ADR 0138).
//
// Counted: static imports and re-exports, side-effect imports and import() with a literal path, of
// our own files (relative paths and the ~/ and @server/ aliases). Not counted: `import type` and
// `export type` (erased from the build), packages.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP_DIRS = new Set(["node_modules", "build", ".react-router", "test-results", "playwright-report", "data", ".git"]);
const ALIASES: Record<string, string> = { "~/": "app/", "@server/": "server/" };
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** Every source file below `root`, relative to it. */
export function sourceFiles(root: string, dir = ""): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith(".") && entry.isDirectory()) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files.push(...sourceFiles(root, rel));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(rel);
    }
  }
  return files;
}

/** The module paths a source imports at run time. */
export function importedSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const specifiers: string[] = [];
  const statement = /(?:^|[;}\n])\s*(import|export)\s+(type\s+)?(?:[\w*${}\s,]*?\s+from\s+)?["']([^"']+)["']/g;
  for (const match of code.matchAll(statement)) if (!match[2]) specifiers.push(match[3]!);
  for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  let base: string;
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) base = ALIASES[alias]! + specifier.slice(alias.length);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  for (const suffix of RESOLVE_SUFFIXES) if (known.has(base + suffix)) return base + suffix;
  // `./x.js` written for a `./x.ts` source.
  const withoutJs = base.replace(/\.js$/, "");
  for (const suffix of [".ts", ".tsx"]) if (known.has(withoutJs + suffix)) return withoutJs + suffix;
  return undefined;
}

/** The import cycles among the files below `root`: each a list of files, each importing the next. */
export function findImportCycles(root: string): string[][] {
  const files = sourceFiles(root);
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => {
      const targets = importedSpecifiers(fs.readFileSync(path.join(root, file), "utf8"))
        .map((specifier) => resolve(file, specifier, known))
        .filter((target): target is string => target !== undefined);
      return [file, [...new Set(targets)]] as const;
    }),
  );

  // Tarjan's strongly connected components, iteratively: a component of two or more files (or a file
  // importing itself) is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, i] = frame;
      const targets = edges.get(node)!;
      if (i < targets.length) {
        frame[1]++;
        const next = targets[i]!;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) {
          low.set(node, Math.min(low.get(node)!, index.get(next)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) components.push(component.sort());
      }
    }
  }
  return components;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? ".");
  const cycles = findImportCycles(root);
  if (cycles.length === 0) {
    console.log("No import cycles.");
  } else {
    for (const cycle of cycles) console.error(`Import cycle among:\n  ${cycle.join("\n  ")}`);
    console.error(`${cycles.length} import cycle(s): break each by moving what both sides need into a module of its own.`);
    process.exit(1);
  }
}

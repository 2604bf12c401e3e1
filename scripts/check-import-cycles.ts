// Fails when modules import each other in a cycle (a module that is half-initialised when its
// importer runs). ESLint's import-x/no-cycle did this at 70 % of the lint time; reading the import
// lines and finding strongly connected components takes well under a second (ADR 0138).
//
// Counted: static imports and re-exports, side-effect imports and import() with a literal path, of
// our own files (relative paths and the ~/ and @server/ aliases). Not counted: `import type` and
// `export type` (erased from the build), packages.
//
// It also fails on a cycle between server folders (ADR 0147): each folder under server/ is one node,
// and folder A imports folder B when a file of A imports a file of B at run time. The folders must
// form no cycle, so each domain can be read, tested and changed knowing only what it imports.
// - Infrastructure (`INFRASTRUCTURE`: db, http, crypto, rate-limit) may be imported by any folder
//   and imports no other folder but infrastructure: an import from one into a domain fails too.
// - Not counted: test files (*.test.ts, which no server code imports), server/testing (test
//   support, which sets up every domain's data and is imported only by tests and scripts), and
//   the files directly in server/ (the app's composition: app.ts, main.ts, jobs.ts, env.ts).
// What two folders both need goes where both may import it: app/lib or app/features when the browser
// may use it too, otherwise the lower of the two folders (or a function passed in).
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

/** Each source file below `root` and the files it imports at run time. */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = importedSpecifiers(fs.readFileSync(path.join(root, file), "utf8"))
        .map((specifier) => resolve(file, specifier, known))
        .filter((target): target is string => target !== undefined);
      return [file, [...new Set(targets)]] as const;
    }),
  );
}

/** The import cycles among the files below `root`: each a list of files, each importing the next. */
export function findImportCycles(root: string): string[][] {
  return cyclesOf(importGraph(root));
}

/**
 * Folders under server/ that every domain may import and that import no domain: the database, the
 * HTTP plumbing, encryption, the rate limits.
 */
export const INFRASTRUCTURE = new Set(["db", "http", "crypto", "rate-limit"]);
/** Test support: it sets up every domain's data for tests, and only tests and scripts import it. */
const TEST_SUPPORT = "testing";

/** The server folder a file belongs to (server/<folder>/…), when it is counted as a node. */
function serverFolder(file: string): string | undefined {
  const folder = /^server\/([^/]+)\//.exec(file)?.[1];
  if (!folder || folder === TEST_SUPPORT || /\.test\.tsx?$/.test(file)) return undefined;
  return folder;
}

export interface DomainReport {
  /** Folders that import each other in a cycle, each with the file imports that make it. */
  cycles: { folders: string[]; imports: string[] }[];
  /** Imports from an infrastructure folder into a domain folder. */
  infrastructureImports: string[];
}

/**
 * The cycles between server folders (server/<folder>/ as one node; tests and server/testing not
 * counted), and every import from an infrastructure folder into a domain.
 */
export function findDomainCycles(root: string): DomainReport {
  const files = importGraph(root);
  const edges = new Map<string, Set<string>>();
  const because = new Map<string, string[]>();
  const infrastructureImports: string[] = [];
  for (const [file, targets] of files) {
    const from = serverFolder(file);
    if (!from) continue;
    for (const target of targets) {
      const to = serverFolder(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
      const key = `${from} -> ${to}`;
      because.set(key, [...(because.get(key) ?? []), `${file} imports ${target}`]);
      if (INFRASTRUCTURE.has(from) && !INFRASTRUCTURE.has(to)) infrastructureImports.push(`${file} imports ${target}`);
    }
  }
  const graph = new Map([...edges].map(([folder, targets]) => [folder, [...targets].sort()] as const));
  for (const targets of graph.values()) for (const target of targets) if (!graph.has(target)) graph.set(target, []);
  const cycles = cyclesOf(graph).map((folders) => {
    const members = new Set(folders);
    const imports = [...because]
      .filter(([key]) => {
        const [from, to] = key.split(" -> ") as [string, string];
        return members.has(from) && members.has(to);
      })
      .flatMap(([key, list]) => list.map((line) => `${key}: ${line}`))
      .sort();
    return { folders, imports };
  });
  return { cycles, infrastructureImports };
}

/**
 * Tarjan's strongly connected components, iteratively: a component of two or more nodes (or a node
 * importing itself) is a cycle.
 */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const start of edges.keys()) {
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
  const domains = findDomainCycles(root);
  for (const cycle of cycles) console.error(`Import cycle among:\n  ${cycle.join("\n  ")}`);
  for (const { folders, imports } of domains.cycles) console.error(`Server folders import each other: ${folders.join(", ")}\n  ${imports.join("\n  ")}`);
  for (const line of domains.infrastructureImports) console.error(`Infrastructure imports a domain: ${line}`);
  if (cycles.length > 0) console.error(`${cycles.length} import cycle(s): break each by moving what both sides need into a module of its own.`);
  if (domains.cycles.length > 0 || domains.infrastructureImports.length > 0)
    console.error(
      `${domains.cycles.length} cycle(s) between server folders, ${domains.infrastructureImports.length} import(s) from infrastructure into a domain: move what both sides need to where it belongs (app/lib, app/features, or the lower folder).`,
    );
  if (cycles.length > 0 || domains.cycles.length > 0 || domains.infrastructureImports.length > 0) process.exit(1);
  console.log("No import cycles, between files or between server folders.");
}

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A real WordPress on loopback for integration tests, built from the Debian packages
 * (`wordpress`, `php-cli`, `php-mysql`; `php-xml` for XML-RPC) and the MariaDB server on 127.0.0.1:3306.
 *
 * The Debian tree's own wp-config.php reads /etc/wordpress/config-<host>.php, and PHP resolves
 * symlinks for __DIR__, so the site is a private copy of the tree (hard links where the file
 * system allows, copies otherwise) with its own wp-config.php, its own database and its own port.
 */

export const WORDPRESS_SOURCE = process.env.WORDPRESS_SOURCE ?? "/usr/share/wordpress";
const MARIADB_HOST = "127.0.0.1";
const MARIADB_PORT = 3306;

export interface WordPressSite {
  url: string;
  /** host:port, for WORDPRESS_ALLOWED_HOSTS. */
  hostPort: string;
  username: string;
  /** The admin's application password (Basic auth for the REST API). */
  applicationPassword: string;
  siteTitle: string;
  wpVersion: string;
  /** Pretty URLs (/wp-json/...) on or off, as on a server with or without rewrite rules. */
  setPrettyUrls(enabled: boolean): void;
  /** Runs PHP inside the site (WordPress loaded) and returns what it prints. */
  php(code: string): string;
  /** Installs a must-use plugin (PHP source, loaded on every request until removed); returns its remover. */
  addMustUsePlugin(name: string, source: string): () => void;
  stop(): Promise<void>;
}

export const WORDPRESS_SITE_TITLE = "Cat Hotel Test Site";
const ADMIN_USER = "hoteladmin";

/**
 * Whether this machine has what a real WordPress needs; tests skip (or fail, when required) without it.
 * PHP's xml extension (which Debian's wordpress package does not pull in) makes XML-RPC work.
 */
export function wordpressAvailable(): boolean {
  return (
    fs.existsSync(path.join(WORDPRESS_SOURCE, "wp-includes/version.php")) &&
    commandWorks("php", ["-r", "exit(extension_loaded('mysqli') && extension_loaded('xml') ? 0 : 1);"])
  );
}

export async function startWordPress(): Promise<WordPressSite> {
  await ensureMariaDb();
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-site-"));
  const dbName = `wp_test_${crypto.randomBytes(5).toString("hex")}`;
  const adminPassword = crypto.randomBytes(18).toString("base64url");
  let server: ChildProcess | undefined;

  const cleanup = async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      // The whole group: php -S forks its workers, which would otherwise outlive it.
      killGroup(server.pid, "SIGTERM");
      await Promise.race([exited, delay(3000)]);
      killGroup(server.pid, "SIGKILL");
    }
    try {
      runPhp(`$m = new mysqli('${MARIADB_HOST}', 'root', '', '', ${MARIADB_PORT}); $m->query('drop database if exists ${dbName}');`);
    } catch {
      // The database may never have been created.
    }
    fs.rmSync(siteDir, { recursive: true, force: true });
  };

  try {
    mirrorTree(WORDPRESS_SOURCE, siteDir, new Set(["wp-config.php", "wp-content/languages"]));
    fs.mkdirSync(path.join(siteDir, "wp-content/uploads"), { recursive: true });
    fs.mkdirSync(path.join(siteDir, "wp-content/mu-plugins"), { recursive: true });
    fs.writeFileSync(path.join(siteDir, "wp-content/mu-plugins/cat-hotel-status.php"), STATUS_PLUGIN_PHP);
    fs.writeFileSync(path.join(siteDir, "router.php"), ROUTER_PHP);
    fs.writeFileSync(path.join(siteDir, "wp-config.php"), wpConfig(dbName));
    runPhp(
      `$m = new mysqli('${MARIADB_HOST}', 'root', '', '', ${MARIADB_PORT}); if (!$m->query('create database ${dbName}')) { fwrite(STDERR, $m->error); exit(1); }`,
    );

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // More than one worker: WordPress makes requests to itself, which deadlock a single worker.
    server = spawn("php", ["-S", `127.0.0.1:${port}`, "-t", siteDir, path.join(siteDir, "router.php")], {
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: "4" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    let serverLog = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      serverLog = (serverLog + chunk.toString()).slice(-4000);
    });
    await waitForPort(port, 10_000, () => serverLog);

    const install = await fetch(`${url}/wp-admin/install.php?step=2`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        weblog_title: WORDPRESS_SITE_TITLE,
        user_name: ADMIN_USER,
        admin_password: adminPassword,
        admin_password2: adminPassword,
        pw_weak: "1",
        admin_email: "admin@example.com",
        blog_public: "0",
        language: "",
      }),
    });
    const installPage = await install.text();
    if (!install.ok || !installPage.includes("Success!")) {
      throw new Error(`WordPress install failed (HTTP ${install.status}): ${installPage.slice(0, 500)}\n${serverLog}`);
    }

    const php = (code: string) => runPhp(`${wpBootstrap(siteDir, port)} ${code}`);
    const setup = JSON.parse(
      php(`
        update_option('permalink_structure', '/%postname%/');
        flush_rewrite_rules(false);
        $user = get_user_by('login', '${ADMIN_USER}');
        [$password] = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => 'integration tests']);
        echo json_encode(['password' => $password, 'version' => get_bloginfo('version')]);
      `),
    ) as { password: string; version: string };

    return {
      url,
      hostPort: `127.0.0.1:${port}`,
      username: ADMIN_USER,
      applicationPassword: setup.password,
      siteTitle: WORDPRESS_SITE_TITLE,
      wpVersion: setup.version,
      php,
      addMustUsePlugin(name, source) {
        const file = path.join(siteDir, "wp-content/mu-plugins", `${name}.php`);
        fs.writeFileSync(file, source);
        return () => fs.rmSync(file, { force: true });
      },
      setPrettyUrls(enabled) {
        const flag = path.join(siteDir, ".no-rewrites");
        if (enabled) fs.rmSync(flag, { force: true });
        else fs.writeFileSync(flag, "");
      },
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Starts MariaDB when it is not listening yet (a CI machine after boot). */
async function ensureMariaDb(): Promise<void> {
  if (await canConnect(MARIADB_PORT)) return;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/sbin/mariadbd")) {
    fs.mkdirSync("/run/mysqld", { recursive: true });
    try {
      execFileSync("chown", ["mysql:mysql", "/run/mysqld"]);
    } catch {
      // No mysql user: mariadbd will say what is wrong.
    }
    execFileSync("start-stop-daemon", ["--start", "--oknodo", "--background", "--exec", "/usr/sbin/mariadbd"]);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (await canConnect(MARIADB_PORT)) return;
      await delay(250);
    }
  }
  throw new Error(`MariaDB is not listening on ${MARIADB_HOST}:${MARIADB_PORT}; start it (root, empty password) and retry.`);
}

function wpConfig(dbName: string): string {
  const salt = () => crypto.randomBytes(32).toString("hex");
  const keys = ["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT", "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"];
  return `<?php
define('DB_NAME', '${dbName}');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '${MARIADB_HOST}:${MARIADB_PORT}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys.map((k) => `define('${k}', '${salt()}');`).join("\n")}
$table_prefix = 'wp_';
// 'local' lets application passwords work over plain HTTP.
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_DEBUG', false);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`;
}

// php -S has no rewrite rules: existing files are served as they are, everything else goes to index.php.
const ROUTER_PHP = `<?php
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = __DIR__ . $path;
// Simulates a web server without rewrite rules: only real files and the front page answer.
if (file_exists(__DIR__ . '/.no-rewrites') && $path !== '/' && !file_exists($file)) {
  http_response_code(404);
  echo 'Not Found';
  return true;
}
if ($path !== '/' && file_exists($file) && !is_dir($file)) {
  return false;
}
if (is_dir($file) && file_exists(rtrim($file, '/') . '/index.php')) {
  return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require __DIR__ . '/index.php';
`;

/** The custom plugin status path the runner's Custom tests call (GET /cat-hotel/v1/status, admins only). */
export const STATUS_PLUGIN_PHP = `<?php
/* Plugin Name: Cat Hotel status (test site) */
add_action('rest_api_init', function () {
  register_rest_route('cat-hotel/v1', '/status', [
    'methods' => 'GET',
    'permission_callback' => function () { return current_user_can('manage_options'); },
    'callback' => function () { return ['status' => 'ok', 'plugin' => 'cat-hotel', 'version' => '1.0.0']; },
  ]);
});
`;

function wpBootstrap(siteDir: string, port: number): string {
  return `$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}'; $_SERVER['REQUEST_URI'] = '/'; require '${siteDir}/wp-load.php';`;
}

function runPhp(code: string): string {
  return execFileSync("php", ["-d", "display_errors=stderr", "-r", code], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Copies a directory tree, hard-linking files where allowed (fast, no extra disk) and copying otherwise. */
function mirrorTree(from: string, to: string, skip: Set<string>, relative = ""): void {
  fs.mkdirSync(path.join(to, relative), { recursive: true });
  for (const entry of fs.readdirSync(path.join(from, relative), { withFileTypes: true })) {
    const rel = path.join(relative, entry.name);
    if (skip.has(rel)) continue;
    const source = path.join(from, rel);
    const target = path.join(to, rel);
    if (entry.isDirectory()) {
      mirrorTree(from, to, skip, rel);
    } else if (entry.isSymbolicLink()) {
      // Debian links some bundled libraries to shared copies; keep pointing at the real files.
      fs.symlinkSync(fs.realpathSync(source), target);
    } else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function commandWorks(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitForPort(port: number, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(port)) return;
    await delay(50);
  }
  throw new Error(`php -S did not listen on ${port}: ${log()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

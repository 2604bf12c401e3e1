import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const zodOnly = { name: "zod", message: "Import z from ~/lib/zod: it parses without the eval probe our CSP refuses." };

/** One way to send a message (ADR 0143): what calls a transport itself instead of its queue. */
const queuedMessagesOnly = [
  {
    selector:
      "CallExpression[callee.property.name='send'][callee.object.name='mailer'], CallExpression[callee.property.name='send'][callee.object.property.name='mailer']",
    message: "Queue the mail with queueMail (server/mail/queue.ts) in the change's transaction; sendMailNow when a person waits for it.",
  },
  {
    selector: "CallExpression[callee.property.name='sendSms']",
    message: "Queue the text with queueSms (server/telephony/sms-queue.ts) in the change's transaction; sendSmsNow when a person waits for it.",
  },
  { selector: "CallExpression[callee.property.name='sendMail']", message: "Mail goes through the mail queue (server/mail/queue.ts)." },
];

/**
 * One clock (ADR 0168, 0202): a domain function takes `now` as a required parameter, so the type checker
 * refuses a call without it; a default `now = new Date()` (or `now ?? new Date()`) would read the wall
 * clock where the server's (`context.clock`, a TEST_CLOCK server's moved one) was meant.
 */
const oneClock = [
  {
    selector: "AssignmentPattern > NewExpression.right[callee.name='Date'][arguments.length=0]",
    message: "Take now as a required parameter (one clock, ADR 0202): the caller passes context.clock.now() or its job's now.",
  },
  {
    selector: "LogicalExpression > NewExpression.right[callee.name='Date'][arguments.length=0]",
    message: "Take now as a required parameter (one clock, ADR 0202): the caller passes context.clock.now() or its job's now.",
  },
];

/**
 * One transaction type (ADR 0202): a transaction is a `Tx` (`server/db/transaction.ts`), never cast to
 * `Db`; what must run inside one takes a `Tx`, and `inTransaction` kicks the message queues after it.
 */
const oneTransactionType = [
  {
    selector: "TSAsExpression[typeAnnotation.typeName.name='Db'][expression.type='TSAsExpression']",
    message: "A transaction is a Tx (server/db/transaction.ts): write in it with inTransaction(db, (tx) => …), never cast it to Db.",
  },
];

/**
 * The server reads the rules it shares with the pages from app/domain and app/lib, never from a page's
 * feature folder (issue 45). Two kinds of feature module are allowed:
 * - a form's schema (`<feature>/schema.ts`, `<feature>/<form>-schema.ts`): the one validation the form
 *   and the server share, parsed once at the edge (docs/architecture.md, "Validate input");
 * - the modules listed here, each with why it is still read: the list only shrinks, as each moves to
 *   app/domain or out of the server.
 */
const formSchemaModule = "[\\w-]+/([\\w-]+-)?schema";
const featuresTheServerStillReads = [
  // The published content is the Content editor's: built from app/content and the stored overrides,
  // each checked by the editor's schemas (content/schema.ts), so it stays beside them.
  "content/business-defaults", // the business profile as the editor edits it (a server test's default)
  "content/overrides", // stored overrides over the defaults: how server/content reads what is published
  "content/site-content", // the published content and its SiteBusiness, which every mail and PDF signs with
  // Components a server test renders with stored content (server/content/reviews-team.db.test.ts).
  "content/site-content-context",
  "home/about-section",
  "home/reviews-section",
];
const serverLayers = {
  regex: `^(~/|(\\.\\./)+app/)features/(?!(${[formSchemaModule, ...featuresTheServerStillReads].join("|")})$)`,
  message: "The server takes shared rules from app/domain (or app/lib), not from a page's feature folder (docs/architecture.md).",
};

/** app/domain holds the rules as plain functions over plain data: no server, no React, no page code (issue 45). */
const domainLayers = {
  group: [
    "@server/*",
    "**/server/**",
    "*.server",
    "react",
    "react-dom",
    "react-dom/*",
    "react-router",
    "@react-router/*",
    "~/features/**",
    "~/routes/**",
    "~/components/**",
    "~/islands/**",
    "**/*.tsx",
  ],
  message: "app/domain imports only app/domain and app/lib: the rules must run unchanged in the browser and the server.",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/namespace": "off",
      "import-x/no-named-as-default-member": "off",
      "import-x/no-named-as-default": "off",
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "^\\./build/"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // Zod only through app/lib/zod.ts (ADR 0147), types included: it parses without the eval probe our
    // CSP refuses. The blocks below restrict more imports for some of these files; a later block's
    // no-restricted-imports replaces this one, so each repeats `zodOnly`.
    files: ["app/**", "server/**", "scripts/**", "e2e/**"],
    rules: { "no-restricted-imports": ["error", { paths: [zodOnly] }] },
  },
  {
    // Imports flow one way: browser code never pulls in server modules (types are fine). Route modules
    // may, for their loaders and actions; the build fails if such an import reaches the browser
    // (vite-plugins/server-only.ts).
    files: ["app/**"],
    ignores: ["app/routes/**", "app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [zodOnly],
          patterns: [{ group: ["@server/*", "**/server/**", "*.server"], allowTypeImports: true, message: "Browser code must not import server modules." }],
        },
      ],
    },
  },
  {
    // A domain test may read test support (the route table the public pages are checked against).
    files: ["app/domain/**"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [zodOnly], patterns: [domainLayers] }] },
  },
  {
    // One clock (ADR 0202) in the app and the server; tests, their support and scripts may create dates.
    // (A later block's rule replaces an earlier one's: the blocks below repeat `oneClock`.)
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "server/testing/**"],
    rules: {
      "no-restricted-syntax": ["error", ...oneClock, ...oneTransactionType],
    },
  },
  {
    // One way to send a message (ADR 0143): a mail or a text is queued (`queueMail`, `queueSms`) and
    // sent by its queue; only the mail and telephony modules and the queues call the transport itself.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["server/mail/**", "server/telephony/**", "server/messages/**", "**/*.test.{ts,tsx}", "server/testing/**"],
    rules: {
      "no-restricted-syntax": ["error", ...queuedMessagesOnly, ...oneClock, ...oneTransactionType],
    },
  },
  {
    files: ["scripts/**/*.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...queuedMessagesOnly, ...oneTransactionType],
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "server/testing/**"],
    rules: {
      "no-restricted-syntax": ["error", ...oneTransactionType],
    },
  },
  {
    // One clock for a page and its jobs (ADR 0168): a route reads the server's, `context.clock.now()`,
    // which a TEST_CLOCK server moves with its jobs; the day a component shows comes from its loader.
    // (A later block's rule replaces an earlier one's: the routes keep the message rule too.)
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...queuedMessagesOnly,
        ...oneClock,
        ...oneTransactionType,
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Take now from context.clock.now() (the jobs' clock); a component gets the day from its loader.",
        },
      ],
    },
  },
  {
    // Every message's wording comes from the catalogue (ADR 0143), never from a template file directly;
    // and the server reads shared rules from app/domain (`serverLayers`).
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [zodOnly],
          patterns: [
            { group: ["**/messages/templates/*", "@server/messages/templates/*"], message: "Take a message's wording from server/messages/catalogue.ts." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/messages/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [zodOnly],
          patterns: [
            { group: ["**/messages/templates/*", "@server/messages/templates/*"], message: "Take a message's wording from server/messages/catalogue.ts." },
            serverLayers,
          ],
        },
      ],
    },
  },
  {
    files: ["server/messages/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [zodOnly], patterns: [serverLayers] }] },
  },
);

/**
 * The 33 WordPress REST API tests, shared by the admin UI (to list them) and the server runner
 * (which runs them; the browser never calls WordPress). Endpoints are REST routes, tried as
 * `/wp-json<route>` first and `?rest_route=<route>` when pretty permalinks are off.
 *
 * Placeholders: `{id}` is the temporary item made by `fixture`; `{created}` is what the test
 * itself created; `{me}` is the connected user's id; `{unique}` is a fresh suffix per run.
 * Everything a test creates is deleted again (`cleanup`, `fixture.cleanup`).
 */

export const API_TEST_CATEGORIES = ["Core Data", "Media", "Users", "Taxonomies", "Authentication", "Custom"] as const;
export type ApiTestCategory = (typeof API_TEST_CATEGORIES)[number];
export type ApiTestMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiTestFixture {
  /** Route that creates the temporary item (POST); its answer's `id` fills `{id}`. */
  endpoint: string;
  body?: Record<string, unknown>;
  /** Upload a tiny PNG instead of a JSON body (media). */
  upload?: boolean;
  /** Route that deletes it again, unless the test itself deleted it. */
  cleanup: string;
}

export interface ApiTestDefinition {
  id: string;
  name: string;
  description: string;
  method: ApiTestMethod;
  endpoint: string;
  category: ApiTestCategory;
  requiresAuth: boolean;
  expectedStatus: number;
  /** JSON body sent with the request (or `{ upload: true }` for a media upload). */
  testData?: Record<string, unknown>;
  fixture?: ApiTestFixture;
  /** Deletes what a create test made (`{created}`). */
  cleanup?: string;
  /** Passes only when the answer is WordPress's REST index for the saved address itself (not a sub-path). */
  siteRoot?: boolean;
}

/** The custom plugin status path (a small companion plugin on the business's site). */
export const PLUGIN_STATUS_ROUTE = "/cat-hotel/v1/status";

const postFixture: ApiTestFixture = {
  endpoint: "/wp/v2/posts",
  body: { title: "Cat Hotel API test post {unique}", status: "draft", content: "Temporary post made by the API tests." },
  cleanup: "/wp/v2/posts/{id}?force=true",
};
const pageFixture: ApiTestFixture = {
  endpoint: "/wp/v2/pages",
  body: { title: "Cat Hotel API test page {unique}", status: "draft" },
  cleanup: "/wp/v2/pages/{id}?force=true",
};
const mediaFixture: ApiTestFixture = { endpoint: "/wp/v2/media", upload: true, cleanup: "/wp/v2/media/{id}?force=true" };
const userFixture: ApiTestFixture = {
  endpoint: "/wp/v2/users",
  body: { username: "cathotel_test_{unique}", email: "cathotel-test-{unique}@example.com", password: "{unique}-Pw-9x!", roles: ["subscriber"] },
  cleanup: "/wp/v2/users/{id}?force=true&reassign={me}",
};
const categoryFixture: ApiTestFixture = {
  endpoint: "/wp/v2/categories",
  body: { name: "Cat Hotel test category {unique}" },
  cleanup: "/wp/v2/categories/{id}?force=true",
};
const tagFixture: ApiTestFixture = {
  endpoint: "/wp/v2/tags",
  body: { name: "Cat Hotel test tag {unique}" },
  cleanup: "/wp/v2/tags/{id}?force=true",
};

export const API_TESTS: readonly ApiTestDefinition[] = [
  // Core Data
  {
    id: "api-root",
    name: "API Root",
    description: "The REST API index answers with WordPress's name, address and namespaces, for the saved address itself.",
    method: "GET",
    endpoint: "/",
    category: "Core Data",
    requiresAuth: false,
    expectedStatus: 200,
    siteRoot: true,
  },
  {
    id: "posts-list",
    name: "List Posts",
    description: "Published posts can be read.",
    method: "GET",
    endpoint: "/wp/v2/posts",
    category: "Core Data",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "posts-create",
    name: "Create Post",
    description: "A draft post can be created (and is deleted again).",
    method: "POST",
    endpoint: "/wp/v2/posts",
    category: "Core Data",
    requiresAuth: true,
    expectedStatus: 201,
    testData: { title: "Cat Hotel API test post {unique}", status: "draft", content: "Temporary post made by the API tests." },
    cleanup: "/wp/v2/posts/{created}?force=true",
  },
  {
    id: "posts-get",
    name: "Get Post",
    description: "A single post can be read in edit context.",
    method: "GET",
    endpoint: "/wp/v2/posts/{id}?context=edit",
    category: "Core Data",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: postFixture,
  },
  {
    id: "posts-update",
    name: "Update Post",
    description: "A post's title can be changed.",
    method: "PUT",
    endpoint: "/wp/v2/posts/{id}",
    category: "Core Data",
    requiresAuth: true,
    expectedStatus: 200,
    testData: { title: "Cat Hotel API test post (updated)" },
    fixture: postFixture,
  },
  {
    id: "posts-delete",
    name: "Delete Post",
    description: "A post can be deleted permanently.",
    method: "DELETE",
    endpoint: "/wp/v2/posts/{id}?force=true",
    category: "Core Data",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: postFixture,
  },
  {
    id: "pages-list",
    name: "List Pages",
    description: "Published pages can be read.",
    method: "GET",
    endpoint: "/wp/v2/pages",
    category: "Core Data",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "pages-create",
    name: "Create Page",
    description: "A draft page can be created (and is deleted again).",
    method: "POST",
    endpoint: "/wp/v2/pages",
    category: "Core Data",
    requiresAuth: true,
    expectedStatus: 201,
    testData: { title: "Cat Hotel API test page {unique}", status: "draft" },
    cleanup: "/wp/v2/pages/{created}?force=true",
  },
  {
    id: "pages-delete",
    name: "Delete Page",
    description: "A page can be deleted permanently.",
    method: "DELETE",
    endpoint: "/wp/v2/pages/{id}?force=true",
    category: "Core Data",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: pageFixture,
  },
  {
    id: "types-list",
    name: "List Post Types",
    description: "The content types the site knows can be read.",
    method: "GET",
    endpoint: "/wp/v2/types",
    category: "Core Data",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "comments-list",
    name: "List Comments",
    description: "Approved comments can be read.",
    method: "GET",
    endpoint: "/wp/v2/comments",
    category: "Core Data",
    requiresAuth: false,
    expectedStatus: 200,
  },

  // Media
  {
    id: "media-list",
    name: "List Media",
    description: "The media library can be read.",
    method: "GET",
    endpoint: "/wp/v2/media",
    category: "Media",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "media-upload",
    name: "Upload Media",
    description: "A small image can be uploaded (and is deleted again).",
    method: "POST",
    endpoint: "/wp/v2/media",
    category: "Media",
    requiresAuth: true,
    expectedStatus: 201,
    testData: { upload: true },
    cleanup: "/wp/v2/media/{created}?force=true",
  },
  {
    id: "media-update",
    name: "Update Media",
    description: "An image's alt text can be changed.",
    method: "PUT",
    endpoint: "/wp/v2/media/{id}",
    category: "Media",
    requiresAuth: true,
    expectedStatus: 200,
    testData: { alt_text: "A sleepy cat" },
    fixture: mediaFixture,
  },
  {
    id: "media-delete",
    name: "Delete Media",
    description: "An image can be deleted permanently.",
    method: "DELETE",
    endpoint: "/wp/v2/media/{id}?force=true",
    category: "Media",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: mediaFixture,
  },

  // Users
  {
    id: "users-list",
    name: "List Users",
    description: "Signed in, the users list can be read.",
    method: "GET",
    endpoint: "/wp/v2/users",
    category: "Users",
    requiresAuth: true,
    expectedStatus: 200,
  },
  {
    id: "users-list-public",
    name: "Users List Without Sign-In",
    description: "Without credentials the users list must be refused, or anyone can collect user names.",
    method: "GET",
    endpoint: "/wp/v2/users",
    category: "Users",
    requiresAuth: false,
    expectedStatus: 401,
  },
  {
    id: "users-create",
    name: "Create User",
    description: "A subscriber can be created (and is deleted again).",
    method: "POST",
    endpoint: "/wp/v2/users",
    category: "Users",
    requiresAuth: true,
    expectedStatus: 201,
    testData: { username: "cathotel_test_{unique}", email: "cathotel-test-{unique}@example.com", password: "{unique}-Pw-9x!", roles: ["subscriber"] },
    cleanup: "/wp/v2/users/{created}?force=true&reassign={me}",
  },
  {
    id: "users-update",
    name: "Update User",
    description: "A user's display name can be changed.",
    method: "PUT",
    endpoint: "/wp/v2/users/{id}",
    category: "Users",
    requiresAuth: true,
    expectedStatus: 200,
    testData: { name: "Cat Hotel Test User" },
    fixture: userFixture,
  },
  {
    id: "users-delete",
    name: "Delete User",
    description: "A user can be deleted, their content passed to you.",
    method: "DELETE",
    endpoint: "/wp/v2/users/{id}?force=true&reassign={me}",
    category: "Users",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: userFixture,
  },

  // Taxonomies
  {
    id: "taxonomies-list",
    name: "List Taxonomies",
    description: "The taxonomies the site knows can be read.",
    method: "GET",
    endpoint: "/wp/v2/taxonomies",
    category: "Taxonomies",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "categories-list",
    name: "List Categories",
    description: "Categories can be read.",
    method: "GET",
    endpoint: "/wp/v2/categories",
    category: "Taxonomies",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "categories-create",
    name: "Create Category",
    description: "A category can be created (and is deleted again).",
    method: "POST",
    endpoint: "/wp/v2/categories",
    category: "Taxonomies",
    requiresAuth: true,
    expectedStatus: 201,
    testData: { name: "Cat Hotel test category {unique}" },
    cleanup: "/wp/v2/categories/{created}?force=true",
  },
  {
    id: "categories-delete",
    name: "Delete Category",
    description: "A category can be deleted.",
    method: "DELETE",
    endpoint: "/wp/v2/categories/{id}?force=true",
    category: "Taxonomies",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: categoryFixture,
  },
  {
    id: "tags-list",
    name: "List Tags",
    description: "Tags can be read.",
    method: "GET",
    endpoint: "/wp/v2/tags",
    category: "Taxonomies",
    requiresAuth: false,
    expectedStatus: 200,
  },
  {
    id: "tags-create",
    name: "Create Tag",
    description: "A tag can be created (and is deleted again).",
    method: "POST",
    endpoint: "/wp/v2/tags",
    category: "Taxonomies",
    requiresAuth: true,
    expectedStatus: 201,
    testData: { name: "Cat Hotel test tag {unique}" },
    cleanup: "/wp/v2/tags/{created}?force=true",
  },
  {
    id: "tags-delete",
    name: "Delete Tag",
    description: "A tag can be deleted.",
    method: "DELETE",
    endpoint: "/wp/v2/tags/{id}?force=true",
    category: "Taxonomies",
    requiresAuth: true,
    expectedStatus: 200,
    fixture: tagFixture,
  },

  // Authentication
  {
    id: "auth-users-me",
    name: "Current User",
    description: "The application password signs in: users/me names the connected account.",
    method: "GET",
    endpoint: "/wp/v2/users/me?context=edit",
    category: "Authentication",
    requiresAuth: true,
    expectedStatus: 200,
  },
  {
    id: "auth-settings",
    name: "Site Settings",
    description: "The connected account may read the site settings (administrators only).",
    method: "GET",
    endpoint: "/wp/v2/settings",
    category: "Authentication",
    requiresAuth: true,
    expectedStatus: 200,
  },
  // Site Health's authorization-header test cannot serve here: it reports "good" only for the literal
  // credentials user:pwd. A signed-in-only route shows the header arrived; a stripped one answers rest_not_logged_in.
  {
    id: "auth-header",
    name: "Authorization Header",
    description: "A route that needs sign-in answers: the web server passes the Authorization header to WordPress.",
    method: "GET",
    endpoint: "/wp/v2/users/me",
    category: "Authentication",
    requiresAuth: true,
    expectedStatus: 200,
  },
  {
    id: "auth-app-passwords",
    name: "Application Passwords",
    description: "The connected account's application passwords can be listed.",
    method: "GET",
    endpoint: "/wp/v2/users/me/application-passwords",
    category: "Authentication",
    requiresAuth: true,
    expectedStatus: 200,
  },

  // Custom
  {
    id: "plugin-status",
    name: "Plugin Status",
    description: "The business's companion plugin answers on its status path.",
    method: "GET",
    endpoint: PLUGIN_STATUS_ROUTE,
    category: "Custom",
    requiresAuth: true,
    expectedStatus: 200,
  },
  {
    id: "plugins-list",
    name: "Installed Plugins",
    description: "The installed plugins can be listed (administrators only).",
    method: "GET",
    endpoint: "/wp/v2/plugins",
    category: "Custom",
    requiresAuth: true,
    expectedStatus: 200,
  },
];

export function findApiTest(id: string): ApiTestDefinition | undefined {
  return API_TESTS.find((t) => t.id === id);
}

/** The six rows `test_configurations` starts with (what the settings validator checks). */
export const DEFAULT_TEST_CONFIGURATIONS = [
  { testName: "REST API Root", endpoint: "/", method: "GET", enabled: true },
  { testName: "Posts Endpoint", endpoint: "/wp/v2/posts", method: "GET", enabled: true },
  { testName: "Pages Endpoint", endpoint: "/wp/v2/pages", method: "GET", enabled: true },
  { testName: "Media Endpoint", endpoint: "/wp/v2/media", method: "GET", enabled: true },
  { testName: "Current User Endpoint", endpoint: "/wp/v2/users/me", method: "GET", enabled: true },
  { testName: "Plugin Status Endpoint", endpoint: PLUGIN_STATUS_ROUTE, method: "GET", enabled: false },
].map((row) => ({ ...row, headers: {} as Record<string, string>, timeoutSeconds: 30, retryCount: 3 }));

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { toast } from "sonner";
import { AppToaster } from "~/components/app-toaster";
import { markToasterMounted } from "~/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConnectionSettings } from "./connection-settings";
import { PASSWORD_MASK, type ValidationReport } from "./schema";
import { SettingsValidator } from "./settings-validator";
import { WordPressDashboard } from "./wordpress-dashboard";

type Reply = { status: number; body: unknown } | Response;
let replies: Record<string, Reply | (() => Promise<Reply>)>;
let requests: { action: string; body: Record<string, unknown>; accept: string; signal?: AbortSignal | null }[];

beforeEach(() => {
  requests = [];
  replies = {
    load_credentials: { status: 200, body: { success: true, credentials: null, connection_info: null } },
  };
  vi.stubGlobal("fetch", async (_input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { action: string };
    requests.push({ action: body.action, body, accept: new Headers(init?.headers).get("accept") ?? "", signal: init?.signal });
    const found = replies[body.action];
    const reply = typeof found === "function" ? await found() : (found ?? { status: 500, body: { error: { code: "INTERNAL", message: "Something broke." } } });
    if (reply instanceof Response) return reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderWithRouter(element: React.ReactNode) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          {element}
          <AppToaster onMounted={markToasterMounted} />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ConnectionSettings", () => {
  it("keeps Test and Save disabled until every field has a value, and checks the URL", async () => {
    renderWithRouter(<ConnectionSettings onAuthRequired={() => {}} />);
    const test = await screen.findByRole("button", { name: "Test Connection" });
    const save = screen.getByRole("button", { name: "Save Settings" });
    expect((test as HTMLButtonElement).disabled).toBe(true);
    fill("WordPress Site URL", "ftp://wp.example.com");
    fill("Username", "admin");
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fill("Application Password", "abcd efgh");
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText("Invalid URL")).toBeTruthy();
    expect(screen.getByText("Please enter a valid WordPress site URL (including https:// or http://)")).toBeTruthy();
    fill("Username", "   ");
    fill("WordPress Site URL", "https://wp.example.com");
    fireEvent.click(test);
    expect(await screen.findByText("Please fill in all connection details before testing.")).toBeTruthy();
    expect(requests.map((r) => r.action)).toEqual(["load_credentials"]);
  });

  it("shows the saved settings with the password masked, and the connection's role, title and version", async () => {
    replies.load_credentials = {
      status: 200,
      body: {
        success: true,
        credentials: { url: "https://wp.example.com", username: "admin", password: PASSWORD_MASK },
        connection_info: { connection_name: "wp.example.com", last_tested_at: null, last_test_status: "passed" },
      },
    };
    replies.test_credentials = {
      status: 200,
      body: { success: true, message: "Connected to Cats as admin (administrator).", userRole: "administrator", siteTitle: "Cats", wpVersion: "6.1.1" },
    };
    renderWithRouter(<ConnectionSettings onAuthRequired={() => {}} />);
    expect(await screen.findByDisplayValue("https://wp.example.com")).toBeTruthy();
    expect((screen.getByLabelText("Application Password") as HTMLInputElement).value).toBe(PASSWORD_MASK);
    expect(within(screen.getByTestId("connection-info")).getByText("passed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Test Connection" }));
    const result = await screen.findByTestId("connection-result");
    expect(within(result).getByText("administrator")).toBeTruthy();
    expect(within(result).getByText("6.1.1")).toBeTruthy();
    expect(requests[1]?.body).toEqual({
      action: "test_credentials",
      credentials: { url: "https://wp.example.com", username: "admin", password: PASSWORD_MASK },
    });
  });

  it("Load Error on a failed load; Connection Failed with the site's message; Save Error with the server's message", async () => {
    replies.load_credentials = { status: 500, body: { error: { code: "INTERNAL", message: "db down" } } };
    replies.test_credentials = {
      status: 200,
      body: { success: false, code: "AUTH_FAILED", message: "Authentication failed: wrong password.", userRole: null, siteTitle: null, wpVersion: null },
    };
    replies.save_credentials = { status: 400, body: { error: { code: "VALIDATION_FAILED", message: "url: too long" } } };
    renderWithRouter(<ConnectionSettings onAuthRequired={() => {}} />);
    expect(await screen.findByText("Could not load saved settings. Using defaults.")).toBeTruthy();
    fill("WordPress Site URL", "https://wp.example.com");
    fill("Username", "admin");
    fill("Application Password", "x");
    fireEvent.click(screen.getByRole("button", { name: "Test Connection" }));
    expect(await screen.findByText("Connection Failed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Failed to save settings: url: too long")).toBeTruthy();
  });

  it("a save refused for lack of sign-in raises the amber notice and 'Authentication Required'", async () => {
    replies.load_credentials = { status: 401, body: { error: { code: "AUTH_REQUIRED", message: "Authentication required. Please sign in." } } };
    replies.save_credentials = { status: 401, body: { error: { code: "AUTH_REQUIRED", message: "Authentication required. Please sign in." } } };
    replies.check_status = replies.load_credentials;
    replies.seed_test_configurations = replies.load_credentials;
    renderWithRouter(<WordPressDashboard />);
    expect(await screen.findByTestId("wordpress-auth-notice")).toBeTruthy();
    fill("WordPress Site URL", "https://wp.example.com");
    fill("Username", "admin");
    fill("Application Password", "x");
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Please sign in to save your WordPress settings.")).toBeTruthy();
    expect(screen.getAllByText("Authentication Required").length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText("Load Error")).toBeNull();
  }, 20_000);
});

const report = (score: number): ValidationReport => ({
  overall_score: score,
  passed_tests: 10,
  failed_tests: 1,
  warning_tests: 2,
  not_run_tests: 0,
  stopped: null,
  started_at: "2026-01-01T00:00:00Z",
  completed_at: "2026-01-01T00:00:03Z",
  categories: {
    credentials: [{ test_name: "Authentication", message: "Signed in as admin", status: "passed", response_time: 40, score: 10 }],
    api_endpoints: [],
    database: [],
    performance: [],
    security: [{ test_name: "HTTPS", message: "The site is not served over HTTPS.", status: "warning", response_time: null, score: 5 }],
  },
  recommendations: ["Serve the WordPress site over HTTPS."],
});

/** validate_settings as the server streams it: the test pushes each line when it wants. */
function validatorStream() {
  let push: (line: unknown) => void = () => {};
  let end: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (line) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
      end = () => controller.close();
    },
  });
  const response = new Response(body, { status: 200, headers: { "content-type": "application/x-ndjson; charset=utf-8" } });
  return { response, push, end };
}

describe("SettingsValidator", () => {
  const stage = () => screen.getByTestId("validator-stage").textContent;
  const progress = () => screen.getByTestId("validator-progress").textContent;
  const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
  const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

  it("shows each stage once the server has started it, at least 0.8 s each, holds while the server works, and 100 % with the report", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const stream = validatorStream();
    replies.validate_settings = stream.response;
    renderWithRouter(<SettingsValidator onAuthRequired={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Validate Settings" }));
    await flush();
    expect(requests.at(-1)?.accept).toBe("application/x-ndjson");
    stream.push({ stage: 0 });
    await flush();
    expect([stage(), progress()]).toEqual(["Validating credentials...", "17%"]);

    // The server is still on the credentials: the bar does not run ahead of it.
    await wait(10_000);
    expect([stage(), progress()]).toEqual(["Validating credentials...", "17%"]);
    stream.push({ stage: 1 });
    await flush();
    expect([stage(), progress()]).toEqual(["Testing API endpoints...", "33%"]);

    // The server races ahead: each stage still gets its 0.8 s on screen.
    for (const index of [2, 3, 4, 5]) stream.push({ stage: index });
    await flush();
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await wait(800);
      seen.push(`${stage()} ${progress()}`);
    }
    expect(seen).toEqual(["Checking database... 50%", "Measuring performance... 67%", "Reviewing security... 83%", "Generating report... 90%"]);
    stream.push({ result: { success: true, report: report(76) } });
    stream.end();
    await flush();
    // The last stage gets its 0.8 s too.
    expect(progress()).toBe("90%");
    await wait(800);
    expect(progress()).toBe("100%");
    expect(screen.getByTestId("overall-score").getAttribute("data-tone")).toBe("yellow");
    expect(screen.getByText("Serve the WordPress site over HTTPS.")).toBeTruthy();
  });

  it("Cancel aborts the request and says so; the validator can run again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const stream = validatorStream();
    replies.validate_settings = stream.response;
    renderWithRouter(<SettingsValidator onAuthRequired={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Validate Settings" }));
    await flush();
    stream.push({ stage: 0 });
    await flush();
    expect(screen.getByRole("button", { name: "Validating..." })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await flush();
    expect(requests.at(-1)?.signal?.aborted).toBe(true);
    expect(stage()).toBe("Validation cancelled");
    expect(screen.getByText("Validation cancelled.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect((screen.getByRole("button", { name: "Validate Settings" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a report that stopped at the time limit says so, and lists the checks that did not run", async () => {
    const stopped: ValidationReport = {
      ...report(23),
      not_run_tests: 1,
      stopped: "Stopped at the 60-second time limit.",
      categories: {
        ...report(23).categories,
        api_endpoints: [
          { test_name: "Posts Endpoint", message: "Not run: Stopped at the 60-second time limit.", status: "not_run", response_time: null, score: 0 },
        ],
      },
    };
    vi.useFakeTimers({ shouldAdvanceTime: false });
    replies.validate_settings = { status: 200, body: { success: true, report: stopped } };
    renderWithRouter(<SettingsValidator onAuthRequired={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Validate Settings" }));
    await wait(6 * 800);
    expect(screen.getByTestId("validation-stopped").textContent).toBe("Stopped at the 60-second time limit. Checks that had not run count as failed.");
    expect(screen.getByText("1 not run")).toBeTruthy();
    expect(screen.getByText("not run")).toBeTruthy();
  });
});

describe("TestConfigurations", () => {
  it("opening the dashboard only reads: the six defaults are listed as not saved, and nothing is seeded until asked", async () => {
    const defaults = Array.from({ length: 6 }, (_, i) => ({
      test_name: `Check ${i}`,
      endpoint: "/",
      method: "GET",
      enabled: true,
      timeout_seconds: 30,
      retry_count: 3,
    }));
    replies.check_status = { status: 200, body: { success: true, configurations: defaults, configurations_saved: false } };
    replies.seed_test_configurations = { status: 200, body: { success: true, existing: 0, inserted: 6, configurations: defaults } };
    renderWithRouter(<WordPressDashboard />);
    expect(await screen.findByTestId("test-configurations-unsaved")).toBeTruthy();
    expect(within(screen.getByTestId("test-configurations")).getAllByRole("listitem")).toHaveLength(6);
    expect(requests.map((r) => r.action).sort()).toEqual(["check_status", "load_credentials"]);
    fireEvent.click(screen.getByRole("button", { name: "Seed Default Configurations" }));
    expect(await screen.findByText("Added 6 default test configurations.")).toBeTruthy();
    expect(screen.queryByTestId("test-configurations-unsaved")).toBeNull();
  });
});

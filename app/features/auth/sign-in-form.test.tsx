// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { AppToaster } from "~/components/app-toaster";
import { RouterNavigation } from "~/lib/router-navigation";
import { markToasterMounted } from "~/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "./auth-provider";
import { SignInDialog } from "./sign-in-dialog";
import { SignInForm } from "./sign-in-form";
import type { AuthSnapshot } from "~/domain/auth-session";

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
let replies: Record<string, Reply>;
let requests: { path: string; body: unknown }[];

const SIGNED_IN_HINT = "cat_hotel_signed_in=1";
const signedOut: AuthSnapshot = { user: null, session: null, isAdmin: false, isStaff: false, role: null, permissions: [] };
const user = { id: "u1", email: "cat@example.com", email_confirmed_at: null, last_sign_in_at: null, created_at: "2026-01-01T00:00:00Z" };
const signedIn: AuthSnapshot = { user, session: { user, expires_at: 2_000_000_000 }, isAdmin: false, isStaff: false, role: null, permissions: [] };

beforeEach(() => {
  replies = { "/api/auth/session": { status: 200, body: signedOut } };
  requests = [];
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const path = String(input);
    requests.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply = await (replies[path] ?? { status: 404, body: { error: { code: "NOT_FOUND", message: "no" } } });
    // The server sets or clears the session cookie's readable hint (server/auth/cookies.ts).
    if (path === "/api/auth/verify-code" && reply.status === 200) document.cookie = SIGNED_IN_HINT;
    if (path === "/api/auth/sign-out") document.cookie = `${SIGNED_IN_HINT}; Max-Age=0`;
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  document.cookie = `${SIGNED_IN_HINT}; Max-Age=0`;
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(element: React.ReactNode, path = "/auth") {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <RouterNavigation>
          <AuthProvider>
            <Where />
            {element}
            <AppToaster onMounted={markToasterMounted} />
          </AuthProvider>
        </RouterNavigation>
      ),
      children: [{ path: "*", Component: () => null }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

async function submitEmail(email = "cat@example.com") {
  fireEvent.change(await screen.findByLabelText("Email"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Send Magic Link" }));
}

describe("SignInForm", () => {
  it("shows 'Sending...' while busy, then 'Check your email' and the success toast", async () => {
    let send!: (r: { status: number; body: unknown }) => void;
    replies["/api/auth/magic-link"] = new Promise((resolve) => (send = resolve));
    renderAt(<SignInForm />);
    await submitEmail();
    expect((await screen.findByRole<HTMLButtonElement>("button", { name: "Sending..." })).disabled).toBe(true);
    await act(async () => send({ status: 200, body: { ok: true } }));
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(await screen.findByText("We've sent you a magic link to sign in.")).toBeTruthy();
    expect(requests.find((r) => r.path === "/api/auth/magic-link")?.body).toEqual({ email: "cat@example.com" });
  });

  it("turns a 'rate limit' refusal into the spec's inline text and 'Email Rate Limit' toast", async () => {
    replies["/api/auth/magic-link"] = { status: 429, body: { error: { code: "RATE_LIMITED", message: "Email rate limit exceeded. Please wait." } } };
    renderAt(<SignInForm />);
    await submitEmail();
    expect(await screen.findByText("Too many email requests. Please wait a few minutes before trying again.")).toBeTruthy();
    expect(await screen.findByText("Email Rate Limit")).toBeTruthy();
    expect(await screen.findByText("You've sent too many emails. Please wait before trying again.")).toBeTruthy();
  });

  it("shows any other error inline and in an 'Error' toast", async () => {
    replies["/api/auth/magic-link"] = { status: 502, body: { error: { code: "MAIL_FAILED", message: "We could not send the e-mail just now." } } };
    renderAt(<SignInForm />);
    await submitEmail();
    expect(await screen.findByText("Error")).toBeTruthy();
    // Inline under the field, and as the toast's description.
    await waitFor(() => expect(screen.getAllByText("We could not send the e-mail just now.")).toHaveLength(2));
  });

  it("signs in with the typed code: 'Signed In' toast, then the page the server names", async () => {
    replies["/api/auth/magic-link"] = { status: 200, body: { ok: true } };
    replies["/api/auth/verify-code"] = { status: 200, body: { redirectTo: "/account" } };
    renderAt(<SignInForm />);
    await submitEmail();
    fireEvent.change(await screen.findByLabelText(/6-digit code/), { target: { value: "12 34 56" } });
    replies["/api/auth/session"] = { status: 200, body: signedIn };
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Signed In")).toBeTruthy();
    expect(await screen.findByText("Welcome back, cat@example.com!")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/account"));
    expect(requests.find((r) => r.path === "/api/auth/verify-code")?.body).toEqual({ email: "cat@example.com", code: "123456" });
  });
});

describe("SignInDialog", () => {
  it("opens with the spec's title and returns to the page it was opened on", async () => {
    replies["/api/auth/magic-link"] = { status: 200, body: { ok: true } };
    // The browser's address (the router keeps it in step; an island has only it).
    window.history.replaceState(null, "", "/appointments?view=upcoming");
    renderAt(<SignInDialog id="sign-in" />, "/appointments");
    // The browser opens it (a button's `commandfor`); here the test does.
    document.getElementById("sign-in")!.setAttribute("open", "");
    expect(await screen.findByRole("dialog", { name: "Log In or Create Account" })).toBeTruthy();
    await submitEmail();
    await screen.findByRole("heading", { name: "Check your email" });
    expect(requests.find((r) => r.path === "/api/auth/magic-link")?.body).toEqual({ email: "cat@example.com", redirectTo: "/appointments?view=upcoming" });
  });
});

describe("AuthProvider", () => {
  it("asks the server nothing for a visitor (no session hint), and shows them signed out", async () => {
    const { useAuth } = await import("./auth-provider");
    function Who() {
      const auth = useAuth();
      return <p>{auth.loading ? "…" : (auth.user?.email ?? "nobody")}</p>;
    }
    renderAt(<Who />, "/");
    expect(await screen.findByText("nobody")).toBeTruthy();
    expect(requests.filter((r) => r.path === "/api/auth/session")).toEqual([]);
  });

  it("announces a sign-out with the spec's toast", async () => {
    document.cookie = SIGNED_IN_HINT;
    replies["/api/auth/session"] = { status: 200, body: signedIn };
    replies["/api/auth/sign-out"] = { status: 204 };
    const { useAuth } = await import("./auth-provider");
    function SignOutButton() {
      const auth = useAuth();
      return (
        <button type="button" onClick={() => void auth.signOut()}>
          {auth.loading ? "…" : (auth.user?.email ?? "nobody")}
        </button>
      );
    }
    renderAt(<SignOutButton />, "/");
    fireEvent.click(await screen.findByRole("button", { name: "cat@example.com" }));
    expect(await screen.findByText("Signed Out")).toBeTruthy();
    expect(await screen.findByText("You have been signed out successfully.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "nobody" })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Outlet, createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AdminErrorBoundary } from "./error-boundary";

afterEach(cleanup);

function renderFailingPage(error: () => never) {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <div>
          <nav aria-label="Admin">Dashboard · Bookings</nav>
          <Outlet />
        </div>
      ),
      children: [{ path: "bookings", Component: () => <p>the page</p>, loader: error, ErrorBoundary: AdminErrorBoundary }],
    },
  ]);
  render(<Stub initialEntries={["/admin/bookings"]} />);
}

describe("an admin page that fails", () => {
  it("says what happened inside the admin layout, whose menu stays usable", async () => {
    renderFailingPage(() => {
      throw data("database down", { status: 503 });
    });
    expect(await screen.findByRole("heading", { name: "Briefly unavailable" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Admin" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the dashboard" }).getAttribute("href")).toBe("/admin");
  });

  it("shows a refusal's own words (mapRefusals): what was not found, and why", async () => {
    renderFailingPage(() => {
      throw data({ code: "NOT_FOUND", message: "We couldn't find that customer." }, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(screen.getByText("We couldn't find that customer.")).toBeTruthy();
  });

  it("shows a bug as a plain message, never its stack", async () => {
    renderFailingPage(() => {
      throw new Error("TypeError at queries.ts:42");
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("queries.ts");
  });
});

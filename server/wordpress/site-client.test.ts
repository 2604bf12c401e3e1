import { describe, expect, it } from "vitest";
import { API_TESTS } from "~/domain/wordpress-api-tests";
import { explainUnexpected } from "./api-test-runner";
import { redirectMessage, sentence } from "./site-client";

describe("redirectMessage", () => {
  it("names the site's new address when the redirect keeps the path below it (http->https, bare->www)", () => {
    expect(
      redirectMessage(
        "http://example.com",
        "http://example.com/wp-json/wp/v2/users/me?context=edit",
        "https://www.example.com/wp-json/wp/v2/users/me?context=edit",
      ),
    ).toBe("The site redirects to https://www.example.com/ — use that address.");
    expect(redirectMessage("http://example.com", "http://example.com/?rest_route=%2F", "https://example.com/?rest_route=%2F")).toBe(
      "The site redirects to https://example.com/ — use that address.",
    );
    expect(redirectMessage("http://example.com/wp", "http://example.com/wp/wp-json/", "/new/wp-json/")).toBe(
      "The site redirects to http://example.com/new/ — use that address.",
    );
  });

  it("says where a redirect elsewhere goes, without advising that address", () => {
    expect(redirectMessage("https://example.com", "https://example.com/wp-json/", "https://example.com/login?next=x")).toBe(
      "The site redirects /wp-json/ to https://example.com/login: the REST API does not answer at https://example.com.",
    );
  });
});

describe("messages end with one full stop", () => {
  it("sentence() adds one only when missing", () => {
    expect(["Done", "Done.", "Done?", " Done. "].map(sentence)).toEqual(["Done.", "Done.", "Done?", "Done."]);
  });

  it("an unexpected answer whose WordPress message ends with a full stop is not followed by another", () => {
    const test = API_TESTS.find((t) => t.id === "plugin-status")!;
    const answer = {
      status: 404,
      headers: {},
      json: { code: "rest_no_route", message: "No route was found matching the URL and request method.", data: { status: 404 } },
      text: "",
      elapsedMs: 5,
      url: "https://example.com/wp-json/cat-hotel/v1/status",
    };
    const message = explainUnexpected(test, answer);
    expect(message).toBe(
      "Expected HTTP 200, got HTTP 404 rest_no_route: No route was found matching the URL and request method. The site has no such route: the plugin that provides it is not installed or not active.",
    );
    expect(message).not.toContain("..");
  });
});

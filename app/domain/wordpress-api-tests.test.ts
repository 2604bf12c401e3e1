import { describe, expect, it } from "vitest";
import { API_TEST_CATEGORIES, API_TESTS, DEFAULT_TEST_CONFIGURATIONS } from "./wordpress-api-tests";

describe("API test definitions", () => {
  it("has 33 tests with unique ids over the six categories", () => {
    expect(API_TESTS).toHaveLength(33);
    expect(new Set(API_TESTS.map((t) => t.id)).size).toBe(33);
    expect(new Set(API_TESTS.map((t) => t.category))).toEqual(new Set(API_TEST_CATEGORIES));
  });

  it("expects 201 for creates, 401 only for the signed-out users list, 200 otherwise", () => {
    for (const test of API_TESTS) {
      if (test.id === "users-list-public") expect(test.expectedStatus).toBe(401);
      else if (test.method === "POST") expect(test.expectedStatus).toBe(201);
      else expect(test.expectedStatus).toBe(200);
    }
  });

  it("cleans up everything a test creates", () => {
    for (const test of API_TESTS) {
      if (test.method === "POST") expect(test.cleanup, test.id).toMatch(/\{created\}.*force=true/);
      if (test.endpoint.includes("{id}")) expect(test.fixture?.cleanup, test.id).toMatch(/\{id\}.*force=true/);
    }
  });

  it("seeds six configurations: 30 s, 3 retries, plugin status off", () => {
    expect(DEFAULT_TEST_CONFIGURATIONS).toHaveLength(6);
    for (const row of DEFAULT_TEST_CONFIGURATIONS) {
      expect(row.timeoutSeconds).toBe(30);
      expect(row.retryCount).toBe(3);
    }
    expect(DEFAULT_TEST_CONFIGURATIONS.filter((r) => !r.enabled).map((r) => r.testName)).toEqual(["Plugin Status Endpoint"]);
  });
});

import { describe, expect, it } from "vitest";
import { UPLOAD_LIMITS } from "~/features/media/images";
import { bodyCapFor } from "./body-limit";

const GENERAL_CAP = 100 * 1024;

describe("the body cap of a page", () => {
  it("lets the pages whose forms send a photo take a photo of the largest size accepted", () => {
    for (const path of ["/cats/new", "/cats/5b0f9c55-3f3c-4f6e-9d1e-0a8f5b7f3a11", "/admin/rooms"])
      expect(bodyCapFor(path, GENERAL_CAP), path).toBeGreaterThan(UPLOAD_LIMITS.maxBytes);
  });

  it("keeps the general cap everywhere else", () => {
    for (const path of ["/admin/rooms/extra", "/admin/content", "/book/stay", "/cats"]) expect(bodyCapFor(path, GENERAL_CAP), path).toBe(GENERAL_CAP);
  });
});

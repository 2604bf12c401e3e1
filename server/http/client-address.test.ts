import { describe, expect, it } from "vitest";
import { rateLimitClient } from "./client-address";

describe("rateLimitClient", () => {
  it("keeps an IPv4 address, also when it arrives IPv4-mapped", () => {
    expect(rateLimitClient("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitClient("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const home = "2001:db8:1234:5678::/64";
    for (const ip of [
      "2001:db8:1234:5678::1",
      "2001:0db8:1234:5678:abcd:ef01:2345:6789",
      "2001:DB8:1234:5678:0:0:0:ffff",
      "2001:db8:1234:5678::1%eth0",
      "2001:db8:1234:5678::192.0.2.1",
    ]) {
      expect(rateLimitClient(ip), ip).toBe(home);
    }
    expect(rateLimitClient("2001:db8:1234:5679::1")).toBe("2001:db8:1234:5679::/64");
    expect(rateLimitClient("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitClient("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitClient("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("says unknown when there is no usable address", () => {
    expect(rateLimitClient(undefined)).toBe("unknown");
    expect(rateLimitClient("not an address")).toBe("unknown");
  });
});

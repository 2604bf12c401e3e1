import { isIPv4, isIPv6 } from "node:net";

/**
 * The client a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * home or phone gets a whole /64 and can pick any address in it, so counting single IPv6 addresses
 * would let one client multiply every per-client limit). IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function rateLimitClient(ip: string | undefined): string {
  if (!ip) return "unknown";
  const address = ip.split("%")[0]!.toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unknown";
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const groups = expandIPv6(address);
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function expandIPv6(address: string): string[] {
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(":"),
  );
  const [head, tail] = withoutV4.split("::") as [string, string | undefined];
  const headGroups = head ? head.split(":") : [];
  if (tail === undefined) return headGroups;
  const tailGroups = tail ? tail.split(":") : [];
  return [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
}

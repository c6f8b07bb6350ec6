import { isIP } from "node:net";

/**
 * What a refused request says. It names the host as it was written and never the address it resolved
 * to, nor which kind of address that was: members must not learn what the server's internal names
 * point at (`vm:9903` resolving to a loopback or private address).
 */
export const notAllowedMessage = (host: string): string =>
  `${host} is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it`;

/**
 * Which addresses bots may not reach: anything that is not the public internet. Returns the reason
 * an address is refused, or undefined when it is public. IPv6 forms that embed an IPv4 address
 * (mapped, compatible, NAT64, 6to4) are judged by that IPv4 address.
 */
export function blockedAddressReason(address: string): string | undefined {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(text);
  if (version === 4) return ipv4Reason(parseIpv4(text));
  if (version === 6) return ipv6Reason(parseIpv6(text));
  return "not an IP address";
}

type Range4 = [base: number, prefix: number, reason: string];

const ipv4Ranges: Range4[] = [
  [ip4(0, 0, 0, 0), 8, "unspecified address"],
  [ip4(10, 0, 0, 0), 8, "private address"],
  [ip4(100, 64, 0, 0), 10, "shared (CGNAT) address"],
  [ip4(127, 0, 0, 0), 8, "loopback address"],
  [ip4(169, 254, 0, 0), 16, "link-local address (cloud metadata)"],
  [ip4(172, 16, 0, 0), 12, "private address"],
  [ip4(192, 0, 0, 0), 24, "protocol assignment address"],
  [ip4(192, 0, 2, 0), 24, "documentation address"],
  [ip4(192, 88, 99, 0), 24, "relay address"],
  [ip4(192, 168, 0, 0), 16, "private address"],
  [ip4(198, 18, 0, 0), 15, "benchmarking address"],
  [ip4(198, 51, 100, 0), 24, "documentation address"],
  [ip4(203, 0, 113, 0), 24, "documentation address"],
  [ip4(224, 0, 0, 0), 4, "multicast address"],
  [ip4(240, 0, 0, 0), 4, "reserved address"],
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

function parseIpv4(text: string): number {
  const [a, b, c, d] = text.split(".").map(Number);
  return ip4(a, b, c, d);
}

function ipv4Reason(value: number): string | undefined {
  for (const [base, prefix, reason] of ipv4Ranges) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === base) return reason;
  }
  return undefined;
}

/** Eight 16-bit groups; an embedded dotted IPv4 tail counts as the last two. */
function parseIpv6(text: string): number[] {
  let source = text.toLowerCase();
  const dotted = source.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const value = parseIpv4(dotted[1]);
    source = `${source.slice(0, -dotted[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = source.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = source.includes("::") ? 8 - headGroups.length - tailGroups.length : 0;
  return [...headGroups, ...Array(missing).fill("0"), ...tailGroups].map((group) => Number.parseInt(group, 16));
}

function ipv6Reason(groups: number[]): string | undefined {
  const leadingZeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
  const embeddedIpv4 = () => ((groups[6] << 16) >>> 0) + groups[7];
  if (groups.every((group) => group === 0)) return "unspecified address";
  if (leadingZeros(7) && groups[7] === 1) return "loopback address";
  if (leadingZeros(5) && groups[5] === 0xffff) return mapped(ipv4Reason(embeddedIpv4()));
  if (leadingZeros(6)) return mapped(ipv4Reason(embeddedIpv4()) ?? "IPv4-compatible address");
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return mapped(ipv4Reason(embeddedIpv4()));
  if (groups[0] === 0x2002) return mapped(ipv4Reason(((groups[1] << 16) >>> 0) + groups[2]));
  if ((groups[0] & 0xfe00) === 0xfc00) return "unique-local address";
  if ((groups[0] & 0xffc0) === 0xfe80) return "link-local address";
  if ((groups[0] & 0xffc0) === 0xfec0) return "site-local address";
  if ((groups[0] & 0xff00) === 0xff00) return "multicast address";
  if (groups[0] === 0x100 && leadingZeros(4)) return "discard address";
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return "documentation address";
  return undefined;
}

function mapped(reason: string | undefined): string | undefined {
  return reason ? `IPv4-mapped ${reason}` : undefined;
}

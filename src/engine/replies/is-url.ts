/**
 * URL check with the semantics bot authors know from the reference product (validator.js `isURL`):
 * http/https only, no whitespace or angle brackets, optional credentials, a valid port,
 * and a host that is an IP address or a domain name.
 */
export type UrlCheckOptions = {
  /** Reject "example.com" without "http://" or "https://". */
  requireProtocol: boolean;
  /** Reject hosts without a top-level domain such as "localhost" or "files". */
  requireTld: boolean;
};

const ALLOWED_PROTOCOLS = new Set(["http", "https"]);
const MAX_URL_LENGTH = 2083;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::(\d+))?$/;

export function isUrl(url: string, options: UrlCheckOptions): boolean {
  if (url === "" || /[\s<>]/.test(url) || url.startsWith("mailto:")) return false;
  if (url.length >= MAX_URL_LENGTH) return false;

  let rest = url.split("#")[0].split("?")[0];
  const schemeParts = rest.split("://");
  if (schemeParts.length > 1) {
    const protocol = schemeParts.shift()!.toLowerCase();
    if (!ALLOWED_PROTOCOLS.has(protocol)) return false;
  } else if (options.requireProtocol || rest.startsWith("//")) {
    return false;
  }
  rest = schemeParts.join("://");
  if (rest === "") return false;

  const authority = rest.split("/")[0];
  const atParts = authority.split("@");
  if (atParts.length > 1) {
    const credentials = atParts.shift()!;
    if (credentials === "" || credentials.split(":").length > 2) return false;
    const [user, password] = credentials.split(":");
    if (user === "" && (password ?? "") === "") return false;
  }
  const hostAndPort = atParts.join("@");

  let host: string;
  let ipv6: string | undefined;
  let port: string | undefined;
  const bracketed = BRACKETED_IPV6.exec(hostAndPort);
  if (bracketed) {
    host = "";
    ipv6 = bracketed[1];
    port = bracketed[2];
  } else {
    const colonParts = hostAndPort.split(":");
    host = colonParts.shift()!;
    if (colonParts.length > 0) port = colonParts.join(":");
  }
  if (port !== undefined && !isValidPort(port)) return false;

  if (ipv6 !== undefined) return isIpv6(ipv6);
  return isIpv4(host) || isDomainName(host, options.requireTld);
}

function isValidPort(port: string): boolean {
  if (!/^\d+$/.test(port)) return false;
  const value = Number.parseInt(port, 10);
  return value > 0 && value <= 65535;
}

const IPV4_OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)";
const IPV4_PATTERN = new RegExp(`^(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}$`);

function isIpv4(host: string): boolean {
  return IPV4_PATTERN.test(host);
}

function isIpv6(address: string): boolean {
  const [body, zone] = address.split("%", 2);
  if (zone !== undefined && !/^[0-9a-z._~-]+$/i.test(zone)) return false;
  const halves = body.split("::");
  if (halves.length > 2) return false;
  const isCompressed = halves.length === 2;
  const toGroups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = toGroups(halves[0]);
  const right = isCompressed ? toGroups(halves[1]) : [];
  const tailSide = isCompressed ? right : left;
  let expectedGroups = 8;
  const tail = tailSide[tailSide.length - 1];
  if (tail?.includes(".")) {
    if (!isIpv4(tail)) return false;
    tailSide.pop();
    expectedGroups = 6;
  }
  const groups = [...left, ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  return isCompressed ? groups.length < expectedGroups : groups.length === expectedGroups;
}

const TLD_PATTERN = /^(?:[a-z\u00a1-\u00a8\u00aa-\ud7ff\uf900-\ufdcf\ufdf0-\uffef]{2,}|xn[a-z0-9-]{2,})$/i;
const LABEL_PATTERN = /^[a-z\u00a1-\uffff0-9-]+$/i;
const FULL_WIDTH_PATTERN = /[\uff01-\uff5e]/;

function isDomainName(host: string, requireTld: boolean): boolean {
  const labels = host.split(".");
  const tld = labels[labels.length - 1];
  if (requireTld && (labels.length < 2 || !TLD_PATTERN.test(tld))) return false;
  if (/^\d+$/.test(tld)) return false;
  return labels.every(
    (label) =>
      label.length <= 63 &&
      LABEL_PATTERN.test(label) &&
      !FULL_WIDTH_PATTERN.test(label) &&
      !label.startsWith("-") &&
      !label.endsWith("-"),
  );
}

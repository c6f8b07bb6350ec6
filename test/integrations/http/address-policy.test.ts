import { describe, expect, it } from "vitest";
import { blockedAddressReason } from "../../../src/integrations/http/address-policy.js";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback address"],
    ["127.255.0.9", "loopback address"],
    ["10.1.2.3", "private address"],
    ["172.16.0.1", "private address"],
    ["172.31.255.255", "private address"],
    ["192.168.1.1", "private address"],
    ["169.254.169.254", "link-local address (cloud metadata)"],
    ["100.64.0.1", "shared (CGNAT) address"],
    ["100.127.255.255", "shared (CGNAT) address"],
    ["0.0.0.0", "unspecified address"],
    ["224.0.0.1", "multicast address"],
    ["255.255.255.255", "reserved address"],
    ["::", "unspecified address"],
    ["::1", "loopback address"],
    ["[::1]", "loopback address"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback address"],
    ["::ffff:7f00:1", "IPv4-mapped loopback address"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local address (cloud metadata)"],
    ["::127.0.0.1", "IPv4-mapped loopback address"],
    ["64:ff9b::a00:1", "IPv4-mapped private address"],
    ["2002:c0a8:101::1", "IPv4-mapped private address"],
    ["fc00::1", "unique-local address"],
    ["fd12:3456::1", "unique-local address"],
    ["fe80::1", "link-local address"],
    ["fe80::1%eth0", "link-local address"],
    ["ff02::1", "multicast address"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "2002:808:808::1",
  ])("lets the public address %s through", (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });

  it("refuses what is not an IP address", () => {
    expect(blockedAddressReason("example.com")).toBe("not an IP address");
  });
});

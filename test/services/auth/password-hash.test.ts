import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../../src/services/auth/password-hash.js";

describe("password hashing", () => {
  it("hashes with scrypt and a fresh salt each time, and verifies only the same password", async () => {
    const first = await hashPassword("open sesame");
    const second = await hashPassword("open sesame");
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("open sesame", first)).toBe(true);
    expect(await verifyPassword("open sesame ", first)).toBe(false);
  });

  it("fails without a stored hash or with an unreadable one", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
    expect(await verifyPassword("anything", "scrypt$1024$8$1$c2FsdHNhbHQ$=")).toBe(false);
  });

  it("verifies hashes made with other parameters, read from the stored text", async () => {
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("older", salt, 32, { N: 1024, r: 8, p: 1 });
    expect(
      await verifyPassword("older", `scrypt$1024$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`),
    ).toBe(true);
  });
});

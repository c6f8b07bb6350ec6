import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST } from "../../../src/config.js";
import { hashPassword, verifyPassword } from "../../../src/services/auth/password-hash.js";

describe("password hashing", () => {
  it("hashes with scrypt and a fresh salt each time, and verifies only the same password", async () => {
    const first = await hashPassword("open sesame", DEFAULT_PASSWORD_HASH_COST);
    const second = await hashPassword("open sesame", DEFAULT_PASSWORD_HASH_COST);
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("open sesame", first, DEFAULT_PASSWORD_HASH_COST)).toBe(true);
    expect(await verifyPassword("open sesame ", first, DEFAULT_PASSWORD_HASH_COST)).toBe(false);
  });

  it("fails without a stored hash or with an unreadable one", async () => {
    expect(await verifyPassword("anything", null, 1024)).toBe(false);
    expect(await verifyPassword("anything", "plain-text", 1024)).toBe(false);
    expect(await verifyPassword("anything", "scrypt$1024$8$1$c2FsdHNhbHQ$=", 1024)).toBe(false);
  });

  it("verifies hashes made with other parameters, read from the stored text", async () => {
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("older", salt, 32, { N: 1024, r: 8, p: 1 });
    expect(
      await verifyPassword(
        "older",
        `scrypt$1024$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`,
        DEFAULT_PASSWORD_HASH_COST,
      ),
    ).toBe(true);
  });

  it("makes new hashes with the given cost (PARLEY_PASSWORD_HASH_COST), verified whatever the current one", async () => {
    const cheap = await hashPassword("open sesame", 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("open sesame", cheap, DEFAULT_PASSWORD_HASH_COST)).toBe(true);
    expect(await verifyPassword("open sesame!", cheap, DEFAULT_PASSWORD_HASH_COST)).toBe(false);
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CredentialsCipher } from "../../../src/integrations/credentials/credentials-cipher.js";

const binding = { workspaceId: "ws-1", id: "cred-1" };

describe("CredentialsCipher", () => {
  const cipher = new CredentialsCipher(randomBytes(32));

  it("gives back what it encrypted, and the ciphertext shows nothing of it", () => {
    const data = { apiKey: "sk-very-secret" };
    const encrypted = cipher.encrypt(data, binding);
    expect(encrypted).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(encrypted).not.toContain("sk-very-secret");
    expect(Buffer.from(encrypted.slice(3), "base64").toString("latin1")).not.toContain("very-secret");
    expect(cipher.decrypt(encrypted, binding)).toEqual(data);
  });

  it("uses a fresh nonce each time", () => {
    expect(cipher.encrypt({ a: 1 }, binding)).not.toBe(cipher.encrypt({ a: 1 }, binding));
  });

  it("refuses a ciphertext moved to another row or workspace, altered, or made with another key", () => {
    const encrypted = cipher.encrypt({ a: 1 }, binding);
    expect(() => cipher.decrypt(encrypted, { workspaceId: "ws-1", id: "cred-2" })).toThrow();
    expect(() => cipher.decrypt(encrypted, { workspaceId: "ws-2", id: "cred-1" })).toThrow();
    const bytes = Buffer.from(encrypted.slice(3), "base64");
    bytes[bytes.length - 1] ^= 1;
    expect(() => cipher.decrypt(`v1:${bytes.toString("base64")}`, binding)).toThrow();
    expect(() => new CredentialsCipher(randomBytes(32)).decrypt(encrypted, binding)).toThrow();
    expect(() => cipher.decrypt("plain text", binding)).toThrow("Unknown credentials format");
  });

  it("needs a 32-byte key", () => {
    expect(() => new CredentialsCipher(randomBytes(16))).toThrow("The credentials key must be 32 bytes");
  });
});

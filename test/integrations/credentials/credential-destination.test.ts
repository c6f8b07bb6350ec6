import { describe, expect, it } from "vitest";
import {
  blockUrlRefusal,
  credentialDestination,
} from "../../../src/integrations/credentials/credential-destination.js";

const OPENAI = "https://api.openai.com/v1";

describe("credentialDestination: a credential's key goes only to the credential's own base URL", () => {
  it.each([
    ["no credential, no block URL: the service", undefined, undefined, OPENAI],
    [
      "no credential: the block's URL (a keyless local model)",
      undefined,
      "http://models.local:8080/v1/",
      "http://models.local:8080/v1",
    ],
    ["a credential without URL: the service", {}, undefined, OPENAI],
    [
      "a credential with its URL: that URL",
      { baseUrl: "https://proxy.example.com/v1/" },
      undefined,
      "https://proxy.example.com/v1",
    ],
    [
      "the block repeats the service's default: the credential's URL",
      { baseUrl: "https://proxy.example.com/v1" },
      OPENAI,
      "https://proxy.example.com/v1",
    ],
    [
      "the block names the credential's URL (case and slashes aside)",
      { baseUrl: "https://proxy.example.com/v1" },
      "HTTPS://Proxy.Example.com:443/v1//",
      "https://proxy.example.com/v1",
    ],
    [
      "an empty block URL counts as none",
      { baseUrl: "https://proxy.example.com/v1" },
      "  ",
      "https://proxy.example.com/v1",
    ],
  ])("%s", (_name, credential, blockBaseUrl, baseUrl) => {
    expect(credentialDestination({ serviceBaseUrl: OPENAI, credential, blockBaseUrl })).toEqual({ ok: true, baseUrl });
  });

  it.each([
    ["another host than the credential's", { baseUrl: "https://proxy.example.com/v1" }, "https://attacker.example/v1"],
    ["another host while the credential has the service's", {}, "https://attacker.example/v1"],
    [
      "another path on the credential's host",
      { baseUrl: "https://proxy.example.com/v1" },
      "https://proxy.example.com/other",
    ],
    ["another port", { baseUrl: "https://proxy.example.com/v1" }, "https://proxy.example.com:8443/v1"],
    ["another scheme", { baseUrl: "https://proxy.example.com/v1" }, "http://proxy.example.com/v1"],
    ["not a URL", {}, "attacker.example"],
  ])("refuses a block URL naming %s", (_name, credential, blockBaseUrl) => {
    expect(credentialDestination({ serviceBaseUrl: OPENAI, credential, blockBaseUrl })).toEqual({
      ok: false,
      error: blockUrlRefusal(blockBaseUrl),
    });
  });
});

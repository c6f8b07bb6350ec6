import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpPort } from "../../../src/integrations/http/http-port.js";
import { parseAllowedHosts } from "../../../src/integrations/http/host-allowlist.js";

type Received = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };

/** A real server on 127.0.0.1 that records what reached it. */
async function localServer(
  handler: (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void,
) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (response: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(value));
};

let api: Awaited<ReturnType<typeof localServer>>;
let internal: Awaited<ReturnType<typeof localServer>>;

beforeAll(async () => {
  internal = await localServer((_request, response) => json(response, 200, { secret: "internal data" }));
  api = await localServer((request, response, body) => {
    const path = request.url ?? "/";
    if (path === "/echo")
      return json(response, 200, { method: request.method, body, auth: request.headers.authorization ?? null });
    if (path === "/text") return response.end("plain text");
    if (path === "/error") return json(response, 503, { error: "down" });
    if (path === "/slow") return void setTimeout(() => json(response, 200, {}), 2_000);
    if (path === "/see-other") return json(response, 303, {}, { location: "/echo" });
    if (path === "/to-internal") return json(response, 302, {}, { location: `${internal.url}/` });
    if (path === "/to-metadata")
      return json(response, 307, {}, { location: "http://169.254.169.254/latest/meta-data/" });
    const loop = path.match(/^\/loop\/(\d+)$/);
    if (loop) return json(response, 302, {}, { location: `/loop/${Number(loop[1]) + 1}` });
    json(response, 404, { path });
  });
});
afterAll(async () => {
  await api.close();
  await internal.close();
});

const request = (url: string, extra: Partial<Parameters<ReturnType<typeof createHttpPort>["request"]>[0]> = {}) => ({
  url,
  method: "GET",
  headers: {},
  timeoutMs: 5_000,
  ...extra,
});
const allowing = (...hosts: string[]) => createHttpPort({ enabled: true, allowedHosts: parseAllowedHosts(hosts) });

describe("guarded HTTP port", () => {
  it("reaches an allowed local server and parses JSON answers", async () => {
    const port = allowing(`127.0.0.1:${api.port}`);
    const answer = await port.request(
      request(`${api.url}/echo`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Basic dTpw" },
        body: '{"a":1}',
      }),
    );
    expect(answer).toEqual({ statusCode: 200, data: { method: "POST", body: '{"a":1}', auth: "Basic dTpw" } });
    expect(await port.request(request(`${api.url}/text`))).toEqual({ statusCode: 200, data: "plain text" });
    expect(await port.request(request(`${api.url}/error`))).toEqual({ statusCode: 503, data: { error: "down" } });
  });

  it("refuses a local server that is not allowed, before connecting", async () => {
    const before = api.received.length;
    const answer = await createHttpPort({ enabled: true, allowedHosts: [] }).request(request(`${api.url}/echo`));
    expect(answer.statusCode).toBe(403);
    expect(answer.error).toEqual({
      kind: "refused",
      message: `127.0.0.1:${api.port} is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it`,
    });
    expect(api.received.length).toBe(before);
  });

  it("allows a host on any port when the entry names no port, and only that port otherwise", async () => {
    expect((await allowing("127.0.0.1").request(request(`${api.url}/text`))).statusCode).toBe(200);
    expect((await allowing(`127.0.0.1:${internal.port}`).request(request(`${api.url}/text`))).error?.kind).toBe(
      "refused",
    );
  });

  it.each([
    ["the IPv6 loopback", (port: number) => `http://[::1]:${port}/`, "[::1]"],
    ["the unspecified address", (port: number) => `http://0.0.0.0:${port}/`, "0.0.0.0"],
    ["a loopback address written as a number", (port: number) => `http://2130706433:${port}/`, "127.0.0.1"],
    ["an IPv4-mapped loopback", (port: number) => `http://[::ffff:127.0.0.1]:${port}/`, "[::ffff:7f00:1]"],
    ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["a name that resolves to loopback", (port: number) => `http://localhost:${port}/`, "localhost"],
  ])("refuses %s", async (_name, url, host) => {
    const answer = await allowing(`127.0.0.1:${internal.port}`).request(request(url(api.port)));
    expect(answer.error?.kind).toBe("refused");
    expect(answer.error?.message.startsWith(host)).toBe(true);
    expect(answer.error?.message).toMatch(/ is not allowed: Parley only reaches public addresses; /);
    // A name is refused without telling what it resolved to.
    if (host === "localhost") expect(answer.error?.message).not.toMatch(/127\.0\.0\.1|::1|loopback/);
  });

  it("keeps a credential's key on its origin: a redirect elsewhere is refused, and the other server gets nothing", async () => {
    const keyed = request(`${api.url}/to-internal`, { method: "POST", headers: { "xc-token": "the-key" }, body: "{}" });
    const before = internal.received.length;
    const keeping = createHttpPort({ enabled: false, allowedHosts: [] }, { keepOnOrigin: true });
    expect(await keeping.request(keyed)).toEqual({
      statusCode: 403,
      data: {
        message: `127.0.0.1:${api.port} redirected the call to 127.0.0.1:${internal.port}: a credential's key is only sent to its own base URL`,
      },
      error: {
        kind: "refused",
        message: `127.0.0.1:${api.port} redirected the call to 127.0.0.1:${internal.port}: a credential's key is only sent to its own base URL`,
      },
    });
    expect(internal.received.length).toBe(before);
    // A same-origin redirect is still followed.
    expect((await keeping.request(request(`${api.url}/see-other`))).statusCode).toBe(200);
    // Without it (the HTTP request block's own calls), the redirect is followed, custom headers and all.
    await createHttpPort({ enabled: false, allowedHosts: [] }).request(keyed);
    expect(internal.received.at(-1)?.headers["xc-token"]).toBe("the-key");
  });

  it("refuses a redirect from an allowed server to a local port that is not allowed", async () => {
    const before = internal.received.length;
    const answer = await allowing(`127.0.0.1:${api.port}`).request(request(`${api.url}/to-internal`));
    expect(answer.error?.kind).toBe("refused");
    expect(answer.error?.message).toBe(
      `127.0.0.1:${internal.port} is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it`,
    );
    expect(internal.received.length).toBe(before);
  });

  it("refuses a redirect to the cloud metadata address", async () => {
    const answer = await allowing(`127.0.0.1:${api.port}`).request(request(`${api.url}/to-metadata`));
    expect(answer).toMatchObject({
      statusCode: 403,
      error: {
        kind: "refused",
        message:
          "169.254.169.254 is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it",
      },
    });
  });

  it("follows allowed redirects, a 303 turning a POST into a GET without its body", async () => {
    const answer = await allowing(`127.0.0.1:${api.port}`).request(
      request(`${api.url}/see-other`, { method: "POST", headers: { authorization: "Bearer t" }, body: "{}" }),
    );
    expect(answer).toEqual({ statusCode: 200, data: { method: "GET", body: "", auth: "Bearer t" } });
  });

  it("gives up after five redirects", async () => {
    const answer = await allowing(`127.0.0.1:${api.port}`).request(request(`${api.url}/loop/0`));
    expect(answer.error).toEqual({ kind: "failed", message: "More than 5 redirects" });
    expect(
      api.received.filter((received) => received.url?.startsWith("/loop/")).map((received) => received.url),
    ).toEqual(["/loop/0", "/loop/1", "/loop/2", "/loop/3", "/loop/4", "/loop/5"]);
  });

  it("answers 408 when the server is slower than the timeout", async () => {
    const answer = await allowing(`127.0.0.1:${api.port}`).request(request(`${api.url}/slow`, { timeoutMs: 200 }));
    expect(answer).toEqual({
      statusCode: 408,
      data: { message: "Request timed out. (0.2s)" },
      error: { kind: "timeout", message: "Request timed out. (0.2s)" },
    });
  });

  it("refuses other schemes and reports unreachable servers as failures", async () => {
    expect((await allowing().request(request("file:///etc/passwd"))).error).toEqual({
      kind: "refused",
      message: "Only http and https URLs can be requested, not file:",
    });
    expect((await allowing("127.0.0.1:1").request(request("http://127.0.0.1:1/"))).error?.kind).toBe("failed");
  });

  it("connects to the address it checked, without asking DNS again", async () => {
    const lookups: string[] = [];
    const resolve = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const refused = await createHttpPort({ enabled: true, allowedHosts: [], resolve }).request(
      request(`http://rebind.invalid:${api.port}/text`),
    );
    expect(refused.error?.message).toBe(
      `rebind.invalid:${api.port} is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it`,
    );
    // The name exists nowhere but in this resolver: the request only arrives if the socket used the checked address.
    const allowed = createHttpPort({
      enabled: true,
      allowedHosts: parseAllowedHosts([`rebind.invalid:${api.port}`]),
      resolve,
    });
    expect(await allowed.request(request(`http://rebind.invalid:${api.port}/text`))).toEqual({
      statusCode: 200,
      data: "plain text",
    });
    expect(api.received.at(-1)?.headers.host).toBe(`rebind.invalid:${api.port}`);
    expect(lookups).toEqual(["rebind.invalid", "rebind.invalid"]);
  });

  it("refuses a name when any of its addresses is private", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    const answer = await createHttpPort({ enabled: true, allowedHosts: [], resolve }).request(
      request("http://mixed.invalid/"),
    );
    expect(answer.error).toEqual({
      kind: "refused",
      message:
        "mixed.invalid is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it",
    });
  });

  it("lets everything through when the guard is turned off", async () => {
    const answer = await createHttpPort({ enabled: false, allowedHosts: [] }).request(request(`${api.url}/text`));
    expect(answer).toEqual({ statusCode: 200, data: "plain text" });
  });
});

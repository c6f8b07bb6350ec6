import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

// Issue 31 item 14: a client that trickles its request, or holds a connection and sends nothing,
// keeps nothing of the server for long.
let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ PARLEY_REQUEST_TIMEOUT_MS: "1000", PARLEY_CONNECTION_IDLE_TIMEOUT_MS: "1500" });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

/** A raw connection: what it was sent back, and when it was closed (ms after opening). */
function rawConnection() {
  const socket = net.connect(port, "127.0.0.1");
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString("utf8");
  });
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - opened)));
  socket.on("error", () => undefined);
  return { socket, closed, received: () => received };
}

describe("request timeouts", () => {
  it("answers 408 with the error body to a request whose body trickles in past PARLEY_REQUEST_TIMEOUT_MS", async () => {
    const connection = rawConnection();
    connection.socket.write(
      "POST /api/v1/bots/x/preview/startChat HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{",
    );
    // One byte every 200 ms: the connection is never idle, the request is never whole.
    const trickle = setInterval(() => connection.socket.writable && connection.socket.write(" "), 200);
    const closedAfter = await connection.closed;
    clearInterval(trickle);
    expect(closedAfter).toBeLessThan(5000);
    const [head, body] = connection.received().split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(JSON.parse(body!)).toEqual({ code: "TIMEOUT", message: "The request did not arrive in time" });
    // The server goes on answering everyone else.
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
  });

  it("closes a connection that never sends its request", async () => {
    const connection = rawConnection();
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(5000);
  });

  it("lets a request that arrives in time through", async () => {
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP endpoint on 127.0.0.1 that reads each request and, while `hang` is on, never answers
 * (a receiver that is down without refusing connections); otherwise it answers 200. It records the
 * requests and how many are waiting on it at once.
 */
export async function hangingReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string; at: number }[] = [];
  let open = 0;
  let mostOpen = 0;
  const state = { hang: true };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      if (!state.hang) {
        response.writeHead(200).end("ok");
        return;
      }
      open++;
      mostOpen = Math.max(mostOpen, open);
      request.socket.on("close", () => open--);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    state,
    /** Requests waiting for an answer now, and the most there were at once. */
    open: () => open,
    mostOpen: () => mostOpen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

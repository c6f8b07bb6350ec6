import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Node's close ends the keep-alive connections that are idle between requests, but not one that has
 * not sent a request yet: HTTP clients and browsers open such connections ahead of a request, and one
 * would hold the stopping server until its idle timeout (PARLEY_CONNECTION_IDLE_TIMEOUT_MS, 60 s by
 * default). Those are ended as the server closes; a connection that has sent a request is left to Node
 * and Fastify (its request is answered, or refused with 503 while closing).
 */
export function closeUnusedConnectionsOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  // Node's parser reads the socket directly (no "data" events): a request is the sign of use.
  app.server.on("request", (request: IncomingMessage) => unused.delete(request.socket));
  app.addHook("preClose", async () => {
    for (const socket of unused) socket.destroy();
  });
}

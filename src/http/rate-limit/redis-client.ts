import net from "node:net";
import tls from "node:tls";
import { encodeCommand, RespError, RespParser, type RespReply } from "./resp.js";

type Pending = { resolve(reply: RespReply): void; reject(error: Error): void };

export type RedisClientOptions = { connectTimeoutMs?: number; commandTimeoutMs?: number };

/**
 * A minimal Redis client over one connection (no package needed): commands are pipelined and their
 * replies matched in order. It connects on first use and again after any failure; a command that
 * gets no reply in time drops the connection, so that a hung Redis can never hold requests.
 */
export class RedisClient {
  private socket: net.Socket | undefined;
  private connecting: Promise<net.Socket> | undefined;
  private readonly pending: Pending[] = [];
  private readonly parser = new RespParser();
  private readonly url: URL;
  private closed = false;

  constructor(
    url: string,
    private readonly options: RedisClientOptions = {},
  ) {
    this.url = new URL(url);
  }

  async command(args: readonly (string | number)[]): Promise<RespReply> {
    if (this.closed) throw new Error("Redis client is closed");
    const socket = await this.connect();
    return this.send(socket, args);
  }

  async close(): Promise<void> {
    this.closed = true;
    const socket = this.socket;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      socket.once("close", () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 500).unref();
    });
  }

  private send(socket: net.Socket, args: readonly (string | number)[]): Promise<RespReply> {
    return new Promise<RespReply>((resolve, reject) => {
      if (socket.destroyed) return reject(new Error("Redis connection lost"));
      const timer = setTimeout(() => {
        const error = new Error(`Redis did not answer ${String(args[0])} in time`);
        reject(error);
        socket.destroy(error);
      }, this.options.commandTimeoutMs ?? 1000);
      this.pending.push({
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply instanceof RespError) reject(reply);
          else resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.write(encodeCommand(args));
    });
  }

  private connect(): Promise<net.Socket> {
    if (this.socket) return Promise.resolve(this.socket);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<net.Socket> {
    const host = this.url.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1";
    const port = Number(this.url.port || 6379);
    const secure = this.url.protocol === "rediss:";
    const socket = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
      : net.connect({ host, port });
    socket.setNoDelay(true);
    let lastError: Error | undefined;
    socket.on("data", (chunk: Buffer) => {
      try {
        for (const reply of this.parser.push(chunk)) this.pending.shift()?.resolve(reply);
      } catch (error) {
        socket.destroy(error as Error);
      }
    });
    socket.on("error", (error) => (lastError = error));
    socket.on("close", () => {
      if (this.socket === socket) this.socket = undefined;
      this.parser.reset();
      const failure = new Error(`Redis connection lost${lastError ? `: ${lastError.message}` : ""}`);
      for (const waiting of this.pending.splice(0)) waiting.reject(failure);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => socket.destroy(new Error("Redis connection timed out")),
        this.options.connectTimeoutMs ?? 1000,
      );
      socket.once(secure ? "secureConnect" : "connect", () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once("close", () => {
        clearTimeout(timer);
        reject(new Error(`Cannot connect to Redis at ${host}:${port}${lastError ? `: ${lastError.message}` : ""}`));
      });
    });
    try {
      const password = decodeURIComponent(this.url.password);
      const user = decodeURIComponent(this.url.username);
      if (password) await this.send(socket, user ? ["AUTH", user, password] : ["AUTH", password]);
      const db = this.url.pathname.replace(/^\//, "");
      if (db && db !== "0") await this.send(socket, ["SELECT", db]);
    } catch (error) {
      socket.destroy();
      throw error;
    }
    if (this.closed) socket.destroy();
    this.socket = socket;
    return socket;
  }
}

import { Redis } from "ioredis";

/**
 * Session signals over Redis pub/sub (REDIS_URL): one connection subscribed to the channel (a
 * subscribed connection can do nothing else), one to publish. ioredis reconnects and subscribes again
 * by itself; what was signalled meanwhile is caught up by the streams' periodic check.
 */
export class RedisSessionSignals {
  private readonly channel: string;
  private subscriber: Redis | undefined;
  private publisher: Redis | undefined;

  constructor(
    private readonly url: string,
    prefix: string,
  ) {
    this.channel = `${prefix}session-signals`;
  }

  async listen(onSignal: (sessionId: string) => void): Promise<void> {
    const subscriber = this.connection();
    this.subscriber = subscriber;
    subscriber.on("message", (channel: string, sessionId: string) => {
      if (channel === this.channel) onSignal(sessionId);
    });
    await subscriber.subscribe(this.channel);
  }

  async publish(sessionId: string): Promise<void> {
    this.publisher ??= this.connection();
    await this.publisher.publish(this.channel, sessionId);
  }

  async close(): Promise<void> {
    for (const connection of [this.subscriber, this.publisher]) connection?.disconnect();
  }

  private connection(): Redis {
    const connection = new Redis(this.url, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Failures surface on the commands; without a listener ioredis prints every attempt.
    connection.on("error", () => undefined);
    return connection;
  }
}

import type { Kysely } from "kysely";

/**
 * How many idle paths a messaging-app session has run in a row without a word from its contact
 * (issue 31 item 5). An idle path that leads back to an input with an idle timeout would otherwise
 * send its messages for as long as the session lives; past PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER
 * the server stops firing until the contact writes again. A contact's message resets it (0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("idleTimeouts")
    .addColumn("firesWithoutAnswer", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

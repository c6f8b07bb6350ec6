import { type RawBuilder, sql } from "kysely";
import type { DialectName } from "./connect.js";

/**
 * The Result resource (src/schemas/result.ts) as JSON text, composed by the database for a row of
 * `results`: its answers in the order given and its latest hand-off included, fields as
 * `toApiResult` and `withHandOff` give them. The results page sends these texts as they come: parsing
 * every row into objects and serialising them again was most of what a page cost.
 *
 * `variables` and `attachedFileUrls` are spliced in as stored: only src/services/chat/turn-writes.ts
 * writes them, as `JSON.stringify` of an array (of variables, of file URLs).
 */
type JsonSql = {
  /** A text column (or expression) as a JSON string; SQL null as `null`. */
  quote: (text: RawBuilder<unknown>) => RawBuilder<string>;
  /** The texts of the rows, in order, joined with commas; null when there are none. */
  join: (text: RawBuilder<string>, orderBy: RawBuilder<unknown>) => RawBuilder<string | null>;
};

const jsonSql: Record<DialectName, JsonSql> = {
  sqlite: {
    quote: (text) => sql`json_quote(${text})`,
    join: (text, orderBy) => sql`group_concat(${text}, ',' order by ${orderBy})`,
  },
  postgres: {
    quote: (text) => sql`coalesce(to_json(${text})::text, 'null')`,
    join: (text, orderBy) => sql`string_agg(${text}, ',' order by ${orderBy})`,
  },
};

const flag = (column: string) => sql`case when ${sql.ref(column)} <> 0 then 'true' else 'false' end`;

export function resultJson(dialect: DialectName): RawBuilder<string> {
  const { quote, join } = jsonSql[dialect];
  const answer = sql<string>`'{"blockId":' || ${quote(sql.ref("a.blockId"))} || ',"content":' || ${quote(sql.ref("a.content"))}
    || ',"attachedFileUrls":' || coalesce(${sql.ref("a.attachedFileUrls")}, '[]') || '}'`;
  const answers = sql`coalesce((select ${join(answer, sql`${sql.ref("a.position")}, ${sql.ref("a.createdAt")}`)}
    from ${sql.table("answers")} a where ${sql.ref("a.resultId")} = ${sql.ref("results.id")}), '')`;
  // The latest hand-off (as resultHandOffs picks it), or nothing.
  const handOff = sql`coalesce((select ',"handOff":{"status":' || ${quote(sql.ref("h.status"))} || ',"operatorName":' || ${quote(sql.ref("h.operatorName"))} || '}'
    from ${sql.table("handoffs")} h where ${sql.ref("h.resultId")} = ${sql.ref("results.id")}
    order by ${sql.ref("h.requestedAt")} desc, ${sql.ref("h.id")} desc limit 1), '')`;
  const lastChatSession = sql`case when ${sql.ref("results.lastChatSessionId")} is null then ''
    else ',"lastChatSessionId":' || ${quote(sql.ref("results.lastChatSessionId"))} end`;
  return sql<string>`'{"id":' || ${quote(sql.ref("results.id"))} || ',"createdAt":' || ${quote(sql.ref("results.createdAt"))}
    || ',"botId":' || ${quote(sql.ref("results.botId"))} || ',"variables":' || ${sql.ref("results.variables")}
    || ',"isCompleted":' || ${flag("results.isCompleted")} || ',"hasStarted":' || ${flag("results.hasStarted")}
    || ',"isArchived":' || ${flag("results.isArchived")} || ${lastChatSession}
    || ',"answers":[' || ${answers} || ']' || ${handOff} || '}'`;
}

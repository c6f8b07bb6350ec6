// Seeding for the results benchmark: one bot's results, the same rows on both engines, written the
// fastest way each engine offers (see bench/results-bench.mjs).
import SqliteDatabase from "better-sqlite3";
import pg from "pg";

export const SIZE = Number(process.env.BENCH_RESULTS ?? 1_000_000);
export const NOISE = Math.min(10_000, Math.floor(SIZE / 10)); // another bot's results, interleaved in time
const SPAN_MS = 365 * 24 * 3600 * 1000;
const INPUTS = ["b-name", "b-mail", "b-rating"];

export function benchBot() {
  const input = (id, type, variableId) => ({ id, type, ...(variableId ? { options: { variableId } } : {}) });
  return {
    name: "Bench bot",
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-1",
        title: "Questions",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          input("b-name", "text input", "v-name"),
          input("b-mail", "email input", "v-mail"),
          input("b-rating", "rating input"),
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-1" } }],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-mail", name: "Email" },
      { id: "v-utm", name: "utm_source" },
    ],
    theme: {},
    settings: {},
  };
}

/** Result i of the bench: the same on both engines. 90 % started, a third of those completed, 1 % archived. */
function resultRow(i, botId, end, prefix = "r") {
  const createdAt = new Date(end - Math.floor((i * SPAN_MS) / SIZE)).toISOString();
  const hasStarted = i % 10 !== 0 ? 1 : 0;
  const isCompleted = hasStarted && i % 3 === 0 ? 1 : 0;
  const answerCount = hasStarted ? (isCompleted ? 3 : 1 + (i % 2)) : 0;
  return {
    id: `${prefix}${i.toString(36).padStart(5, "0")}`,
    botId,
    variables: JSON.stringify([
      { id: "v-name", name: "Name", value: `Visitor ${i}` },
      { id: "v-utm", name: "utm_source", value: "newsletter" },
    ]),
    isCompleted,
    hasStarted,
    isArchived: i % 100 === 7 ? 1 : 0,
    lastChatSessionId: `s${i}`,
    lastInputBlockId: hasStarted && !isCompleted ? INPUTS[answerCount] : null,
    createdAt,
    answers: Array.from({ length: answerCount }, (_, position) => ({
      blockId: INPUTS[position],
      position,
      content: [`Visitor ${i}`, `visitor${i}@example.com`, String(1 + (i % 10))][position],
    })),
  };
}

const resultColumns = [
  "id",
  "botId",
  "botVersionId",
  "variables",
  "isCompleted",
  "hasStarted",
  "isArchived",
  "lastChatSessionId",
  "lastInputBlockId",
  "createdAt",
  "updatedAt",
];
const answerColumns = ["id", "resultId", "blockId", "groupId", "position", "content", "attachedFileUrls", "createdAt"];
const resultValues = (row) => [
  row.id,
  row.botId,
  null,
  row.variables,
  row.isCompleted,
  row.hasStarted,
  row.isArchived,
  row.lastChatSessionId,
  row.lastInputBlockId,
  row.createdAt,
  row.createdAt,
];
const answerValues = (row, answer) => [
  `${row.id}-${answer.position}`,
  row.id,
  answer.blockId,
  "g-1",
  answer.position,
  answer.content,
  null,
  row.createdAt,
];
const quoted = (columns) => columns.map((column) => `"${column}"`).join(", ");

function* allRows(botId, noiseBotId, end) {
  for (let i = 0; i < SIZE; i++) {
    yield resultRow(i, botId, end);
    if (i % Math.floor(SIZE / NOISE) === 0) yield resultRow(i, noiseBotId, end, "n");
  }
}

/** SQLite: one transaction of prepared statements. */
export function seedSqlite(file, botId, noiseBotId, end) {
  const db = new SqliteDatabase(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const insertResult = db.prepare(
    `insert into results (${quoted(resultColumns)}) values (${resultColumns.map(() => "?").join(", ")})`,
  );
  const insertAnswer = db.prepare(
    `insert into answers (${quoted(answerColumns)}) values (${answerColumns.map(() => "?").join(", ")})`,
  );
  let answers = 0;
  db.transaction(() => {
    for (const row of allRows(botId, noiseBotId, end)) {
      insertResult.run(resultValues(row));
      for (const answer of row.answers) {
        insertAnswer.run(answerValues(row, answer));
        answers++;
      }
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return answers;
}

/** PostgreSQL: one transaction of prepared multi-row inserts (unnest of column arrays), then VACUUM ANALYZE as autovacuum would. */
export async function seedPostgres(url, botId, noiseBotId, end) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const unnest = (name, table, columns, types) => ({
    name,
    text: `insert into ${table} (${quoted(columns)}) select * from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(", ")})`,
  });
  const resultInsert = unnest("bench_results", "results", resultColumns, [
    "text",
    "text",
    "text",
    "text",
    "int",
    "int",
    "int",
    "text",
    "text",
    "text",
    "text",
  ]);
  const answerInsert = unnest("bench_answers", "answers", answerColumns, [
    "text",
    "text",
    "text",
    "text",
    "int",
    "text",
    "text",
    "text",
  ]);
  const columnsOf = (rows, width) => Array.from({ length: width }, (_, c) => rows.map((row) => row[c]));
  let results = [];
  let answers = [];
  let answerCount = 0;
  const flush = async () => {
    if (results.length) await client.query({ ...resultInsert, values: columnsOf(results, resultColumns.length) });
    if (answers.length) await client.query({ ...answerInsert, values: columnsOf(answers, answerColumns.length) });
    results = [];
    answers = [];
  };
  await client.query("begin");
  for (const row of allRows(botId, noiseBotId, end)) {
    results.push(resultValues(row));
    for (const answer of row.answers) {
      answers.push(answerValues(row, answer));
      answerCount++;
    }
    if (results.length >= 20_000) await flush();
  }
  await flush();
  await client.query("commit");
  await client.query("vacuum analyze results");
  await client.query("vacuum analyze answers");
  await client.end();
  return answerCount;
}

/** What allTime analytics must answer for the seeded bot (archived results are left out). */
export function expectedCounts() {
  const counts = { views: 0, starts: 0, completions: 0 };
  for (let i = 0; i < SIZE; i++) {
    if (i % 100 === 7) continue;
    const hasStarted = i % 10 !== 0;
    counts.views++;
    if (hasStarted) counts.starts++;
    if (hasStarted && i % 3 === 0) counts.completions++;
  }
  return counts;
}

import { parentPort, workerData } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import type { ChatThreadData, FromChatThread, ToChatThread } from "./sqlite-chat-protocol.js";
import { SqliteChatStatements } from "./sqlite-chat-statements.js";

/** The chat thread: its own connection to the database file, running the chat turn's statements. */
const { file, synchronous, walAutocheckpoint } = workerData as ChatThreadData;
const database = new SqliteDatabase(file);
database.pragma(`synchronous = ${synchronous}`);
database.pragma(`wal_autocheckpoint = ${walAutocheckpoint}`);
// The server's thread writes too (management, clean-up): each side waits for the other's commit.
database.pragma("busy_timeout = 5000");
database.pragma("foreign_keys = ON");
const statements = new SqliteChatStatements(database);
const port = parentPort!;
const post = (message: FromChatThread) => port.postMessage(message);

port.on("message", (message: ToChatThread) => {
  if (message.type === "close") {
    database.close();
    port.close();
    return;
  }
  try {
    if (message.type === "find") post({ type: "found", id: message.id, row: statements.findSession(message.sessionId) });
    else post({ type: "written", id: message.id, outcomes: statements.writeBatch(message.writes) });
  } catch (error) {
    const { message: text, code } = error as { message?: unknown; code?: unknown };
    post({ type: "failed", id: message.id, message: String(text ?? error), ...(typeof code === "string" ? { code } : {}) });
  }
});

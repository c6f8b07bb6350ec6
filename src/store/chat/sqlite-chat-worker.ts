import { parentPort, workerData } from "node:worker_threads";
import { openSqliteConnection } from "../sqlite-connection.js";
import { storedFailure, type ChatThreadData, type FromChatThread, type ToChatThread } from "./sqlite-chat-protocol.js";
import { SqliteChatStatements } from "./sqlite-chat-statements.js";

/**
 * The chat thread: its own connection to the database file, running the chat turn's statements. The
 * server's thread writes too (management, clean-up): each side waits for the other's commit.
 */
const { file, ...settings } = workerData as ChatThreadData;
const database = openSqliteConnection(file, settings);
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
    if (message.type === "find")
      post({ type: "found", id: message.id, ...statements.findBatch(message.sessionIds, message.publicIds) });
    else post({ type: "written", id: message.id, outcomes: statements.writeBatch(message.writes) });
  } catch (error) {
    post({ type: "failed", id: message.id, ...storedFailure(error) });
  }
});

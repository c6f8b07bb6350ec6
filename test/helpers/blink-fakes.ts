import { fakeService } from "./plugin-fake-server.js";

export const BLINK_TOKEN = "blink-app-token";

const users = [
  { id: "u-1", employee_id: "E1", email: "ann@example.com", first_name: "Ann", display_name: "Ann A." },
  { id: "u-2", employee_id: "E2", email: "bob@example.com", first_name: "Bob", display_name: "Bob B." },
];

/**
 * Blink's v2 API (under `/v2`): users filtered by `userId` or `employeeId`, feed events answering
 * their id; a wrong Bearer token answers 401. Also serves `/files/report.pdf` for HEAD requests
 * (attachment sections ask a file's name, type and size).
 */
export function fakeBlink() {
  return fakeService((call) => {
    if (call.path === "/files/report.pdf")
      return { status: 200, headers: { "content-type": "application/pdf", "content-length": "2048" } };
    if (call.headers.authorization !== `Bearer ${BLINK_TOKEN}`) return { status: 401, body: { error: "Unauthorized" } };
    if (call.path === "/v2/user" && call.method === "GET") {
      const userId = call.query.get("userId");
      const employeeId = call.query.get("employeeId");
      const data = users.filter(
        (user) => (!userId || user.id === userId) && (!employeeId || user.employee_id === employeeId),
      );
      return { status: 200, body: { data } };
    }
    if (call.path === "/v2/feed/events" && call.method === "POST")
      return { status: 201, body: { data: { event_id: "evt-42" } } };
    return { status: 404, body: { error: "Not found" } };
  });
}

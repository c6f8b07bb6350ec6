import { fakeService } from "./plugin-fake-server.js";

export const SEGMENT_WRITE_KEY = "seg-write-key";
export const POSTHOG_PROJECT_KEY = "phc_test_key";

/** Segment's tracking API: `/v1/{identify,track,page,alias}` with the write key as Basic auth user; else 401. */
export function fakeSegment() {
  const expected = `Basic ${Buffer.from(`${SEGMENT_WRITE_KEY}:`).toString("base64")}`;
  return fakeService((call) => {
    if (call.headers.authorization !== expected)
      return { status: 401, body: { success: false, message: "Invalid write key" } };
    if (!/^\/v1\/(identify|track|page|alias)$/.test(call.path)) return { status: 404, body: { message: "Not found" } };
    return { status: 200, body: { success: true } };
  });
}

/** PostHog's ingestion endpoint: the project key in the body; another key answers 401. */
export function fakePostHog() {
  return fakeService((call) => {
    if (call.path !== "/i/v0/e/") return { status: 404, body: { detail: "Not found" } };
    if (call.json?.api_key !== POSTHOG_PROJECT_KEY)
      return { status: 401, body: { type: "authentication_error", detail: "Project API key invalid." } };
    return { status: 200, body: { status: "Ok" } };
  });
}

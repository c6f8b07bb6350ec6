import { api, ApiError, setCsrfToken } from "../lib/api";
import { createStore } from "../lib/store";
import type { RouteOutput } from "../../../shared/api-client.js";
import type { User } from "../lib/types";

export type Session = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: User };

/** Who is signed in; the CSRF token of the session goes to the API client, never to components. */
export const sessionStore = createStore<Session>({ status: "loading" });

type SessionAnswer = RouteOutput<"me">;

function signedIn(answer: SessionAnswer): void {
  setCsrfToken(answer.csrfToken);
  sessionStore.set({ status: "signed-in", user: answer.user });
}

export async function loadSession(): Promise<void> {
  try {
    signedIn(await api.call("me", {}, { quiet: true }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionStore.set({ status: "signed-out" });
    else throw error;
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  signedIn(await api.call("login", { body: { email, password } }, { quiet: true }));
}

export async function signOut(): Promise<void> {
  try {
    await api.call("logout");
  } finally {
    setCsrfToken("");
    sessionStore.set({ status: "signed-out" });
  }
}

/** The one-time link's page; some servers sign the user in at once, others send them to the login page. */
export async function setPassword(token: string, password: string): Promise<boolean> {
  // The answer is `{ message }` today; a server that signs the user in at once adds the session to it.
  const answer: { message: string } & Partial<SessionAnswer> = await api.call(
    "setPassword",
    { body: { token, password } },
    { quiet: true },
  );
  if (answer?.user && answer.csrfToken) {
    signedIn(answer as SessionAnswer);
    return true;
  }
  return false;
}

/** A call answered 401: the session expired or was signed out elsewhere. */
export function sessionLost(): void {
  setCsrfToken("");
  sessionStore.set({ status: "signed-out" });
}

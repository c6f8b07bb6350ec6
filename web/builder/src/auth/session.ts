import { api, ApiError, setCsrfToken } from "../lib/api";
import { createStore } from "../lib/store";
import type { User } from "../lib/types";

export type Session = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: User };

/** Who is signed in; the CSRF token of the session goes to the API client, never to components. */
export const sessionStore = createStore<Session>({ status: "loading" });

type SessionAnswer = { user: User; csrfToken: string };

function signedIn(answer: SessionAnswer): void {
  setCsrfToken(answer.csrfToken);
  sessionStore.set({ status: "signed-in", user: answer.user });
}

export async function loadSession(): Promise<void> {
  try {
    signedIn(await api.get<SessionAnswer>("/api/auth/me", { quiet401: true }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionStore.set({ status: "signed-out" });
    else throw error;
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  signedIn(await api.post<SessionAnswer>("/api/auth/login", { email, password }, { quiet401: true }));
}

export async function signOut(): Promise<void> {
  try {
    await api.post("/api/auth/logout");
  } finally {
    setCsrfToken("");
    sessionStore.set({ status: "signed-out" });
  }
}

/** The one-time link's page; some servers sign the user in at once, others send them to the login page. */
export async function setPassword(token: string, password: string): Promise<boolean> {
  const answer = await api.post<Partial<SessionAnswer> | undefined>(
    "/api/auth/password",
    { token, password },
    { quiet401: true },
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

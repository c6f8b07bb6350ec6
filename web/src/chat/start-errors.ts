import type { ApiError } from "../lib/api";

/** Why a chat could not start, in words a visitor understands; each cause has its own message. */
export function startErrorMessage(error: ApiError): string {
  if (error.status === 0) return "Couldn't reach the chat server. Check your internet connection and try again.";
  if (error.status === 404) return "The bot you're looking for doesn't exist.";
  if ((error.status === 400 || error.status === 403) && error.message) return error.message;
  return `Error! Couldn't initiate the chat. (${error.statusText || error.status})`;
}

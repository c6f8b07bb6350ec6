import { useEffect, useState } from "react";
import { api, errorMessage } from "../lib/api";

export type GoogleCredentialsType = "google sheets" | "gmail";

const consentUrl = (workspaceId: string, type: GoogleCredentialsType) =>
  api.call("googleConsentUrl", { params: { workspaceId }, query: { type } }).then((answer) => answer.url);

/**
 * "Connect a Google account": opens Google's consent page in a new tab (the server's callback stores
 * the account as credentials and lands on the settings page there). On a server without a Google
 * OAuth client, says how to set one up instead of showing a button that cannot work.
 */
export function GoogleConnect({
  workspaceId,
  type,
  label = "Connect a Google account",
  setupNotice = true,
}: {
  workspaceId: string;
  type: GoogleCredentialsType;
  label?: string;
  /** Off for all but one of several buttons side by side: the set-up steps are said once. */
  setupNotice?: boolean;
}) {
  const [notConfigured, setNotConfigured] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.call("googleSetup", { params: { workspaceId } }).then(
      (setup) => setNotConfigured(setup.configured ? undefined : setup.message),
      () => setNotConfigured(undefined),
    );
  }, [workspaceId]);
  if (notConfigured && !setupNotice) return null;
  if (notConfigured) return <p className="muted small google-setup">{notConfigured} (docs/blocks.md, "Google").</p>;
  const connect = async () => {
    setError(undefined);
    // A fresh consent each time: its state expires after ten minutes.
    const opened = window.open("", "_blank");
    try {
      const url = await consentUrl(workspaceId, type);
      if (opened) opened.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      opened?.close();
      setError(errorMessage(failure));
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void connect()}>
        {label}
      </button>
      {error && <p className="error">{error}</p>}
    </>
  );
}

import { useEffect, useState } from "react";
import { api, encode, errorMessage } from "../lib/api";
import type { WorkspaceMember } from "../lib/types";
import { ErrorBanner, Spinner } from "../ui/feedback";

export function MembersList({ workspaceId }: { workspaceId: string }) {
  const [members, setMembers] = useState<WorkspaceMember[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setMembers(undefined);
    setError(undefined);
    api
      .get<{ members: WorkspaceMember[] }>(`/api/v1/workspaces/${encode(workspaceId)}/members`)
      .then((answer) => setMembers(answer.members ?? []))
      .catch((failure) => setError(errorMessage(failure)));
  }, [workspaceId]);
  if (error) return <ErrorBanner error={error} />;
  if (!members) return <Spinner />;
  if (members.length === 0) return <p className="muted">No members.</p>;
  return (
    <table className="simple-table">
      <thead>
        <tr>
          <th scope="col">E-mail</th>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.userId ?? member.email}>
            <td>{member.email}</td>
            <td>{member.name ?? "—"}</td>
            <td>{member.role ?? "Member"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

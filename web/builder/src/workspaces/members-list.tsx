import { useEffect, useState } from "react";
import { api, errorMessage } from "../lib/api";
import type { WorkspaceMember } from "../lib/types";
import { ErrorBanner, Spinner } from "../ui/feedback";

export function MembersList({ workspaceId }: { workspaceId: string }) {
  const [members, setMembers] = useState<WorkspaceMember[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setMembers(undefined);
    setError(undefined);
    api
      .call("listMembers", { params: { workspaceId } })
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
          <tr key={member.userId}>
            <td>{member.email}</td>
            {/* The API has no member names yet (users are known by e-mail). */}
            <td>—</td>
            <td>{member.role}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

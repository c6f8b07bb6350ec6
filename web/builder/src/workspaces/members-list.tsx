import { useCallback, useEffect, useState, type FormEvent } from "react";
import { sessionStore } from "../auth/session";
import { api, errorMessage } from "../lib/api";
import { formatDateTime } from "../lib/format";
import { useStore } from "../lib/store";
import type { RouteOutput } from "../../../shared/api-client.js";
import { ConfirmDialog } from "../ui/dialog";
import { ErrorBanner, Spinner } from "../ui/feedback";
import { TextField } from "../ui/fields";

type MembersAnswer = RouteOutput<"listMembers">;
type Role = MembersAnswer["members"][number]["role"];
type Person = { userId: string; email: string; role: Role; expiresAt?: string };

const roles: { value: Role; label: string }[] = [
  { value: "ADMIN", label: "Admin" },
  { value: "MEMBER", label: "Member" },
  { value: "GUEST", label: "Guest" },
];
const roleLabel = (role: Role) => roles.find((each) => each.value === role)?.label ?? role;

function RoleSelect({ label, value, onChange }: { label: string; value: Role; onChange(role: Role): void }) {
  return (
    <select
      className="input"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Role)}
    >
      {roles.map((role) => (
        <option key={role.value} value={role.value}>
          {role.label}
        </option>
      ))}
    </select>
  );
}

/**
 * What became of an invitation. The link is shown only when the server gives it: a link that would set
 * the password of an account another workspace also knows goes to its owner's mailbox alone.
 */
function InvitedBanner({ email, url, emailSent }: { email: string; url?: string; emailSent: boolean }) {
  const text = url
    ? emailSent
      ? `An invitation was sent to ${email}. You can also give them this link (valid 7 days):`
      : `Send ${email} this invitation link (valid 7 days; this server sends no e-mail):`
    : emailSent
      ? `An invitation was sent to ${email}: they join once they accept it.`
      : `${email} is invited, but their link can only go to their own mailbox and this server sends no e-mail (SMTP_URL). Once they have a password (npx parley user setup-link), invite them again for a link to give them.`;
  return (
    <div className="banner success" role="status">
      <p>{text}</p>
      {url && <code data-testid="invite-url">{url}</code>}
    </div>
  );
}

/**
 * Settings → Members: who belongs to the workspace and who is invited. Admins invite (everyone joins by
 * accepting their invitation's link), change roles and remove; others only read.
 */
export function MembersList({ workspaceId }: { workspaceId: string }) {
  const session = useStore(sessionStore, (value) => value);
  const myId = session.status === "signed-in" ? session.user.id : undefined;
  const [answer, setAnswer] = useState<MembersAnswer>();
  const [error, setError] = useState<string>();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("MEMBER");
  const [invited, setInvited] = useState<{ email: string; url?: string; emailSent: boolean }>();
  const [joined, setJoined] = useState<string>();
  const [removing, setRemoving] = useState<Person>();

  const load = useCallback(() => {
    api
      .call("listMembers", { params: { workspaceId } })
      .then(setAnswer)
      .catch((failure) => setError(errorMessage(failure)));
  }, [workspaceId]);
  useEffect(() => {
    setAnswer(undefined);
    setError(undefined);
    setInvited(undefined);
    setJoined(undefined);
    load();
  }, [load]);

  const attempt = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    }
    load();
  };

  const invite = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const added = await api.call("addMember", { params: { workspaceId }, body: { email: email.trim(), role } });
      setInvited(
        added.invitation
          ? { email: added.invitation.email, url: added.inviteUrl, emailSent: !!added.emailSent }
          : undefined,
      );
      setJoined(
        added.member ? `${added.member.email} is already a member, now as ${roleLabel(added.member.role)}.` : undefined,
      );
      setEmail("");
    });
  };
  const changeRole = (person: Person, next: Role) =>
    attempt(() => api.call("updateMember", { params: { workspaceId, userId: person.userId }, body: { role: next } }));

  if (!answer) return error ? <ErrorBanner error={error} /> : <Spinner />;
  const isAdmin = answer.members.some((member) => member.userId === myId && member.role === "ADMIN");
  const people: Person[] = [...answer.members, ...answer.invitations];
  return (
    <div className="members">
      {isAdmin && (
        <form className="inline-form" onSubmit={invite}>
          <TextField label="Invite by e-mail" type="email" value={email} onChange={setEmail} required />
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select
              id="invite-role"
              className="input"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {roles.map((each) => (
                <option key={each.value} value={each.value}>
                  {each.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button primary">
            Invite
          </button>
        </form>
      )}
      {joined && (
        <p className="banner success" role="status">
          {joined}
        </p>
      )}
      {invited && <InvitedBanner {...invited} />}
      <ErrorBanner error={error} />
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            {isAdmin && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.userId}>
              <td>{person.email}</td>
              <td>
                {isAdmin ? (
                  <RoleSelect
                    label={`Role of ${person.email}`}
                    value={person.role}
                    onChange={(next) => void changeRole(person, next)}
                  />
                ) : (
                  roleLabel(person.role)
                )}
              </td>
              <td>{person.expiresAt ? `Invited, until ${formatDateTime(person.expiresAt)}` : "Member"}</td>
              {isAdmin && (
                <td>
                  <button type="button" className="button small danger" onClick={() => setRemoving(person)}>
                    {person.expiresAt ? "Withdraw" : "Remove"}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={removing !== undefined}
        title={removing?.expiresAt ? "Withdraw the invitation" : "Remove the member"}
        message={`${removing?.email} will no longer have access to this workspace.`}
        confirmLabel={removing?.expiresAt ? "Withdraw" : "Remove"}
        danger
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const person = removing!;
          setRemoving(undefined);
          void attempt(() => api.call("removeMember", { params: { workspaceId, userId: person.userId } }));
        }}
      />
    </div>
  );
}

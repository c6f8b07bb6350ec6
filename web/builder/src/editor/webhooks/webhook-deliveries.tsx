import { formatDateTime } from "../../lib/format";
import type { WebhookDelivery } from "./webhooks-api";

const statusBadge: Record<WebhookDelivery["status"], string> = {
  pending: "badge",
  retrying: "badge warning",
  delivered: "badge success",
  failed: "badge danger",
};

/** A webhook's latest deliveries: what was sent, how it went, and when it is tried again. */
export function WebhookDeliveries({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <table className="simple-table webhook-deliveries">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">HTTP</th>
          <th scope="col">Attempts</th>
          <th scope="col">Next attempt / error</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.id} title={formatDateTime(delivery.createdAt)}>
            <td>{delivery.event}</td>
            <td>
              <span className={statusBadge[delivery.status]}>{delivery.status}</span>
            </td>
            <td>{delivery.statusCode ?? "–"}</td>
            <td>{delivery.attempts}</td>
            <td>
              {delivery.nextAttemptAt && delivery.status === "retrying"
                ? `${formatDateTime(delivery.nextAttemptAt)}: `
                : ""}
              {delivery.error ?? ""}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { Badge } from "@/components/ui/badge";

/** The events an endpoint subscribes to: "All events" for null. */
export function EventList({ events }: { events: string[] | null }) {
  if (events === null) return <Badge tone="indigo">All events</Badge>;
  if (events.length === 0) return <span className="text-gray-500">None</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Subscribed events">
      {events.map((event) => (
        <li key={event}>
          <Badge className="font-mono">{event}</Badge>
        </li>
      ))}
    </ul>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>;
}

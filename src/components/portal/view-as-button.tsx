import { viewAsClient } from "@/components/portal/view-as-actions";
import { buttonClasses } from "@/components/ui/button";

/** On a client's page: switch into the client workspace's view of the portal. */
export function ViewAsClientButton({ clientId }: { clientId: string }) {
  return (
    <form action={viewAsClient.bind(null, clientId)}>
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        View as client
      </button>
    </form>
  );
}

import type { Metadata } from "next";
import { ApiTokensManager } from "@/components/api-tokens/api-tokens-manager";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "API tokens" };

export default function ApiTokensPage() {
  return (
    <>
      <PageHeader
        title="API tokens"
        description={
          <>
            Tokens let your own code call the REST API (<code className="font-mono text-xs">/v1</code>) as you. Treat them like passwords.
          </>
        }
      />
      <ApiTokensManager />
    </>
  );
}

"use client";

import { useState } from "react";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateTokenForm, type CreatedToken } from "@/components/api-tokens/create-token-form";
import { NewTokenPanel } from "@/components/api-tokens/new-token-panel";
import { TokenTable } from "@/components/api-tokens/token-table";

export function ApiTokensManager() {
  const [created, setCreated] = useState<CreatedToken | null>(null);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Create a token</CardTitle>
        </CardHeader>
        <CardBody className="space-y-4">
          <CreateTokenForm onCreated={setCreated} />
          {created ? <NewTokenPanel key={created.api_token.id} name={created.api_token.name} token={created.token} onDismiss={() => setCreated(null)} /> : null}
        </CardBody>
      </Card>
      <section aria-labelledby="api-tokens-list-heading" className="space-y-3">
        <h2 id="api-tokens-list-heading" className="text-sm font-semibold text-gray-900">
          Your tokens
        </h2>
        <TokenTable />
      </section>
    </div>
  );
}

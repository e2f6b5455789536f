import { UsageBar } from "@/components/clients/usage-bar";
import type { SourceItem } from "@/components/chatbots/types";
import { isSourceInProgress } from "@/server/training/client";

/** What to check when a site could not be reached at all (the reason is the fetch's own words). */
const UNREACHABLE = /refused|ENOTFOUND|not resolve|timed? ?out|ECONNRESET|certificate|TLS|SSL|unreachable/i;

/**
 * A website's crawl as it goes: "Looking for pages…" until the first are found (not "0 of 0"), then a bar of
 * pages indexed out of found; once done, the count; when the site could not be reached, what to check.
 */
export function WebsiteProgress({ source }: { source: SourceItem }) {
  const running = isSourceInProgress(source.status);
  const unreachable = source.status === "failed" && source.pages_indexed === 0 && UNREACHABLE.test(source.status_reason ?? "");
  return (
    <>
      <p className="mt-0.5 text-xs text-gray-600" data-testid="website-progress">
        {running && source.pages_found === 0 ? "Looking for pages…" : `${source.pages_indexed} of ${source.pages_found} pages indexed${running ? "…" : ""}`}
      </p>
      {running && source.pages_found > 0 ? (
        <UsageBar used={source.pages_indexed} total={source.pages_found} label={`Pages of ${source.title || source.url} indexed`} className="mt-1 max-w-48" />
      ) : null}
      {unreachable ? (
        <p className="mt-0.5 text-xs text-gray-600" data-testid="website-hint">
          Check that the address opens in a browser and that the site is public (not behind a login or a firewall), then retrain.
        </p>
      ) : null}
    </>
  );
}

/**
 * The channels bench's Microsoft Teams part (docs/decisions/118-teams-bot-framework.md): an activity signed by the
 * local Bot Framework POSTed to the messaging endpoint → the reply posted to its Bot Connector, through the
 * token check (RS256 against the cached JWKS), the inbound statement, the answer job and the client-credentials
 * token held by the worker. p50/p99 one at a time, then activities/s with several in flight.
 */
import type { TeamsPosted, TeamsStandIn } from "../lib/teams-stand-in";
import { teamsMessage } from "../lib/teams-stand-in";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function measureTeams(opts: { bf: TeamsStandIn; endpoint: string; appId: string; question: string; expect: string; sequential: number; burst: number; concurrency: number }) {
  const { bf, endpoint, appId } = opts;
  const bot = `28:${appId}`;
  const arrivals = new Map<string, Array<(p: TeamsPosted) => void>>();
  let seen = bf.posted.length;
  const poll = setInterval(() => {
    for (; seen < bf.posted.length; seen++) arrivals.get(bf.posted[seen]!.conversationId)?.shift()?.(bf.posted[seen]!);
  }, 2);
  const reply = (conversation: string) => new Promise<TeamsPosted>((resolve) => arrivals.set(conversation, [...(arrivals.get(conversation) ?? []), resolve]));
  const roundTrip = async (conversation: string) => {
    const arrived = reply(conversation);
    const t0 = performance.now();
    const status = await bf.send(endpoint, appId, teamsMessage(bf.serviceUrl, bot, conversation, opts.question));
    if (status !== 200) throw new Error(`messaging endpoint answered ${status}`);
    const posted = await arrived;
    if (!posted.text.includes(opts.expect)) throw new Error(`unexpected reply: ${posted.text}`);
    return performance.now() - t0;
  };
  try {
    console.log("\nchannels (Microsoft Teams: signed activity → reply at the Bot Connector)");
    for (let i = 0; i < 10; i++) await roundTrip(`a:1warm-${i}`);
    const totals: number[] = [];
    for (let i = 0; i < opts.sequential; i++) totals.push(await roundTrip(`a:1seq-${i % 50}`));
    console.log(`  one at a time (${opts.sequential} activities): activity → reply p50 ${ms(pct(totals, 50))}, p99 ${ms(pct(totals, 99))}`);
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < opts.burst) await roundTrip(`a:1burst-${next++ % 50}`);
      }),
    );
    console.log(`  burst (${opts.burst} activities, ${opts.concurrency} in flight): ${(opts.burst / ((performance.now() - t0) / 1000)).toFixed(0)} activities/s`);
  } finally {
    clearInterval(poll);
  }
}

import { startTeamsStandIn } from "./teams-stand-in";

export const LOCAL_TEAMS_APP_ID = "00000000-0000-4000-8000-00000000feed";
export const LOCAL_TEAMS_PASSWORD = "local-teams-password";

/** `npm run stand-in -- teams` (README, "Try Microsoft Teams locally"): the local Bot Framework with one bot, and how to talk to it. */
export async function startTeamsLocally(port: number) {
  const bf = await startTeamsStandIn({ port });
  bf.addBot(LOCAL_TEAMS_APP_ID, LOCAL_TEAMS_PASSWORD);
  const activity = (text: string, conversation = "a:1local") =>
    JSON.stringify({ endpoint: "<messaging endpoint>", appId: LOCAL_TEAMS_APP_ID, activity: { type: "message", channelId: "msteams", serviceUrl: bf.serviceUrl, from: { id: "29:you" }, recipient: { id: `28:${LOCAL_TEAMS_APP_ID}` }, conversation: { id: conversation }, text } });
  console.log(`Bot Framework stand-in at ${bf.baseUrl}
  Start the app with   TEAMS_OPENID_METADATA_URL=${bf.metadataUrl} TEAMS_TOKEN_URL=${bf.tokenUrl} npm start
  Connect Microsoft Teams on a chatbot's Channels tab with app ID ${LOCAL_TEAMS_APP_ID} and password ${LOCAL_TEAMS_PASSWORD}.
  Send a signed message to its messaging endpoint (add "options":{"token":"forged"} to send a forged one):
    curl -X POST ${bf.baseUrl}/__control/send -H 'content-type: application/json' -d '${activity("When are you open?")}'
  The bot's replies:   curl ${bf.baseUrl}/__control/activities
  Handoff threads the bot started (a handoff channel set on the card):   curl ${bf.baseUrl}/__control/conversations
  Reply in one as a person (its "id" as the conversation):
    curl -X POST ${bf.baseUrl}/__control/send -H 'content-type: application/json' -d '${activity("Hi, a person here.", "<thread id>")}'`);
}

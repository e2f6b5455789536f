/**
 * What the front server (scripts/serve.ts) answers itself, ahead of Next's router: one runtime bundle
 * (`dist/front-handlers.mjs`), loaded once Next's environment is set up, since the app's server modules
 * import Next's. The handlers are the ones Next's routes call, so a request is answered the same either way
 * (`npm run dev` leaves REST to Next's one `/v1` route, for hot reloading).
 * - The visitor's live stream (docs/decisions/071-visitor-stream-ahead-of-next.md).
 * - Every documented `/v1` operation (docs/decisions/091-rest-ahead-of-next.md).
 * - The outage page in place of a page's 500 while the database is away (outage-page.ts).
 */
export { visitorStream, visitorStreamParams } from "@/server/transport/visitor-stream";
export { answerDocumentedRoute, documentedRoute } from "@/server/transport/rest/bridge";
export { answerPageOutages } from "@/server/transport/outage-page";

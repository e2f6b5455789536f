// The last step of `npm run build`: runs only when `next build` succeeded, and marks its output as a
// completed build (scripts/lib/freshness.mjs; docs/decisions/040-running-the-app.md).
import { markNextBuildCompleted } from "./lib/freshness.mjs";

markNextBuildCompleted();

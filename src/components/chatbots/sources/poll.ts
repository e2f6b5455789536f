/** How often source lists refresh while a source is still on its way to trained/failed. */
export const SOURCES_POLL_MS = 3000;

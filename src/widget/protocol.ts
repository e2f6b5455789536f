/**
 * The whole postMessage protocol between the loader on the host page and the
 * panel iframe (our origin). Each side checks the other's origin and window
 * before it acts; nothing else crosses.
 *
 *   host → panel  { source, type: "open" }   the panel was shown: focus the input
 *   panel → host  { source, type: "ready" }  the panel is listening (after hydration): send `open` again
 *   panel → host  { source, type: "close" }  Esc or the close button: hide the panel
 */
export const PROTOCOL_SOURCE = "acp-widget";

export type WidgetMessage = { source: typeof PROTOCOL_SOURCE; type: "open" | "ready" | "close" };

export function isWidgetMessage(data: unknown): data is WidgetMessage {
  if (typeof data !== "object" || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.source === PROTOCOL_SOURCE && (m.type === "open" || m.type === "ready" || m.type === "close");
}

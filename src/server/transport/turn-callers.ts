import type { TurnSurface } from "@/server/conversations";
import { channelVisitorKey } from "@/server/channels";
import type { KeyClaim } from "@/server/kernel/http/idempotency";

/**
 * Every surface's caller of the conversation engine, side by side (docs/architecture.md, "One chat turn";
 * docs/decisions/104-one-adapter-shape.md): who asks, as the surface established it, and what the surface
 * knows about the turn. The chatbot is added where the surface's access rule finds it. Each adapter reads
 * its request or event, builds its caller here, maps its payload to the engine's input and calls the engine;
 * a new surface adds its builder here.
 */
type OnDelta = (text: string) => void;

/** REST chat: an API caller; its visitor is the body's `visitor.id`, else a new one per turn. */
export const apiTurn = (ip: string | null, onDelta: OnDelta | undefined, idempotency: KeyClaim | null): TurnSurface => ({ source: "api", visitorKey: null, ip, onDelta, idempotency });

/** The dashboard's playground: the signed-in member is the visitor (its conversations stay out of analytics). */
export const playgroundTurn = (userId: string, ip: string | null, onDelta: OnDelta): TurnSurface => ({ source: "playground", visitorKey: `playground:${userId}`, ip, onDelta });

/** The widget or the share page: the visitor its signed token proves (conversations/visitors.ts). */
export const visitorTurn = (page: "widget" | "share", visitorKey: string, ip: string, onDelta: OnDelta): TurnSurface => ({ source: page, visitorKey, ip, onDelta });

/**
 * A messaging channel's chat: the channel and the provider's chat are the visitor; the provider's event keys
 * the turn, so it is answered once across a crash (docs/decisions/083-channel-answers-once-across-a-crash.md).
 */
export const channelTurn = (channelId: string, chatKey: string, turnKey: string | null): TurnSurface => ({ source: "channel", visitorKey: channelVisitorKey(channelId, chatKey), turnKey });

"use client";

import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

const BADGE = /^\(\d+\)\s+/;

/** The notification permission as React state: read from the browser, re-read after asking (none on the server). */
const permissionListeners = new Set<() => void>();
const subscribePermission = (listener: () => void) => {
  permissionListeners.add(listener);
  return () => void permissionListeners.delete(listener);
};
const readPermission = (): NotificationPermission | "unsupported" => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

/**
 * Nobody misses a handoff (docs/decisions/121-the-inbox-for-a-support-team.md): the tab's title carries
 * the number of waiting conversations ("(2) Inbox"), and `ring()` — called by every open inbox tab when
 * its live stream says a conversation started waiting — plays a short tone (WebAudio) and shows a
 * browser notification when the person allowed them.
 */
export function useHandoffAlerts(waiting: number) {
  const audio = useRef<AudioContext | null>(null);
  const permission = useSyncExternalStore(subscribePermission, readPermission, () => "unsupported" as const);

  useEffect(() => {
    const base = document.title.replace(BADGE, "");
    document.title = waiting > 0 ? `(${waiting}) ${base}` : base;
  }, [waiting]);
  useEffect(() => () => void (document.title = document.title.replace(BADGE, "")), []);

  const ring = useCallback(() => {
    try {
      const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (Ctx) {
        const ctx = (audio.current ??= new Ctx());
        void ctx.resume().catch(() => undefined);
        const tone = ctx.createOscillator();
        const gain = ctx.createGain();
        tone.frequency.value = 880;
        gain.gain.setValueAtTime(0.15, ctx.currentTime);
        gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
        tone.connect(gain).connect(ctx.destination);
        tone.start();
        tone.stop(ctx.currentTime + 0.35);
      }
    } catch {
      // No sound (an old browser, audio blocked): the title and the list still say it.
    }
    if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.visibilityState !== "visible") {
      new Notification("A visitor is waiting for a person", { body: "Open the inbox to answer.", tag: "acp-handoff" });
    }
  }, []);

  const askPermission = useCallback(() => {
    if (typeof Notification === "undefined") return;
    void Notification.requestPermission().then(() => permissionListeners.forEach((l) => l()));
  }, []);

  return { ring, permission, askPermission };
}

/**
 * The embed loader served as /widget.js: no framework, bundled and minified
 * by esbuild (src/widget/build.ts). It asks for the chatbot's
 * config, draws the launcher in a Shadow DOM and, on the first click only,
 * opens the chat panel as an iframe of our origin. Nothing else is sent
 * before the visitor interacts; it sets no cookies, and stores nothing on the
 * host page but, for a chatbot with a proactive greeting, that the greeting
 * was shown (so a visitor sees it once). Its few words come with the config, in the chatbot's language.
 */
import { fill } from "@/shared/i18n/fill";
import { textOnAccent } from "@/shared/text-on-accent";
import type { WidgetConfig } from "@/shared/widget-wire";
import { isWidgetMessage, PROTOCOL_SOURCE } from "./protocol";

/** What the loader reads of the config (`GET /api/widget/{id}/config`); the panel reads the rest. */
type Config = Pick<WidgetConfig, "id" | "name" | "accent_color" | "launcher_icon" | "launcher_text" | "position" | "height" | "enable_hide_chatbot" | "greeting" | "strings">;

type Registry = Record<string, true>;
const w = window as unknown as { __acpWidgets?: Registry };

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

/** Our own <script>: currentScript is null when loaded async, so find the tag by its src. */
function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript as HTMLScriptElement | null;
  if (current?.dataset.chatbotId) return current;
  const tags = document.querySelectorAll<HTMLScriptElement>("script[data-chatbot-id][src]");
  for (const tag of Array.from(tags)) if (/\/widget\.js(\?|#|$)/.test(tag.src)) return tag;
  return null;
}

const css = (c: Config) => `
:host{all:initial}
*{box-sizing:border-box}
.root{position:fixed;bottom:20px;${c.position}:20px;z-index:2147483000;display:flex;flex-direction:column;align-items:${c.position === "left" ? "flex-start" : "flex-end"};gap:12px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.bar{display:flex;align-items:center;gap:8px;flex-direction:${c.position === "left" ? "row" : "row-reverse"}}
.launcher{all:unset;box-sizing:border-box;cursor:pointer;display:flex;align-items:center;justify-content:center;gap:8px;min-width:56px;height:56px;padding:0 16px;border-radius:28px;color:${textOnAccent(c.accent_color)};background:${c.accent_color};box-shadow:0 6px 20px rgba(0,0,0,.22);font:600 15px/1 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.launcher:focus-visible,.hide:focus-visible,.greet button:focus-visible{outline:3px solid #111827;outline-offset:3px}
.greet:empty{display:none}
.greet{max-width:min(280px,calc(100vw - 40px));display:flex;align-items:flex-start;gap:2px;padding:4px 4px 4px 14px;border-radius:16px;background:#fff;color:#111827;box-shadow:0 6px 20px rgba(0,0,0,.18)}
.greet .say{all:unset;cursor:pointer;flex:1;padding:8px 0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
.greet .x{all:unset;cursor:pointer;flex:none;width:32px;height:32px;border-radius:16px;display:flex;align-items:center;justify-content:center;color:#374151}
.greet .x svg{width:14px;height:14px}
.launcher img{width:28px;height:28px;border-radius:50%;object-fit:cover}
.hide{all:unset;box-sizing:border-box;cursor:pointer;width:28px;height:28px;border-radius:14px;background:#fff;color:#374151;display:flex;align-items:center;justify-content:center;box-shadow:0 2px 8px rgba(0,0,0,.2)}
.hide svg{width:14px;height:14px}
iframe{display:block;border:0;width:400px;max-width:calc(100vw - 40px);height:min(${c.height}px,calc(100vh - 110px));border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.25);background:#fff}
[hidden]{display:none!important}
@media (pointer:coarse){.hide,.greet .x{width:44px;height:44px;border-radius:22px}}
@media (max-width:639px){
 .root.open{inset:0;gap:0}
 .root.open .bar{display:none}
 .root.open iframe{position:fixed;inset:0;width:100vw;max-width:none;height:100dvh;border-radius:0}
}`;

function mount(base: string, c: Config): void {
  const host = document.createElement("div");
  host.setAttribute("data-acp-widget", c.id);
  // Inline style beats any host rule without !important, so hostile CSS cannot move or hide the container.
  host.style.cssText = "all:initial;position:static;display:block";
  const shadow = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = css(c);
  const root = document.createElement("div");
  root.className = "root";
  const bar = document.createElement("div");
  bar.className = "bar";
  const launcher = document.createElement("button");
  launcher.type = "button";
  launcher.className = "launcher";
  const named = (text: string) => fill(text, { name: c.name });
  launcher.setAttribute("aria-label", named(c.strings.openChat));
  launcher.setAttribute("aria-expanded", "false");
  launcher.setAttribute("aria-haspopup", "dialog");
  const icon = () => {
    if (!c.launcher_icon) return CHAT_ICON;
    const img = document.createElement("img");
    img.src = c.launcher_icon;
    img.alt = "";
    return img.outerHTML;
  };
  const label = () => (c.launcher_text ? `<span>${escapeHtml(c.launcher_text)}</span>` : "");
  const drawClosed = () => (launcher.innerHTML = icon() + label());
  drawClosed();
  bar.append(launcher);

  if (c.enable_hide_chatbot) {
    const hide = document.createElement("button");
    hide.type = "button";
    hide.className = "hide";
    hide.setAttribute("aria-label", c.strings.hideChat);
    hide.innerHTML = CLOSE_ICON;
    hide.addEventListener("click", () => host.remove());
    bar.append(hide);
  }

  let frame: HTMLIFrameElement | null = null;
  let open = false;
  // Focus moves into the panel from here, where the visitor's click happened; the panel then focuses its input.
  const focusPanel = () => {
    frame?.focus();
    frame?.contentWindow?.postMessage({ source: PROTOCOL_SOURCE, type: "open" }, base);
  };

  const fitKeyboard = () => {
    // On phones the on-screen keyboard shrinks the visual viewport: keep the panel (and its input) inside it.
    const vv = window.visualViewport;
    if (!frame || !vv || !open || window.innerWidth >= 640) return frame?.style.removeProperty("height");
    frame.style.height = `${vv.height}px`;
    frame.style.top = `${vv.offsetTop}px`;
  };

  const setOpen = (next: boolean) => {
    open = next;
    if (open && !frame) {
      frame = document.createElement("iframe");
      frame.src = `${base}/widget/${encodeURIComponent(c.id)}`;
      frame.title = named(c.strings.chatWith);
      frame.id = "acp-panel";
      frame.setAttribute("allow", "clipboard-write");
      root.insertBefore(frame, bar);
      launcher.setAttribute("aria-controls", "acp-panel");
    }
    if (frame) frame.hidden = !open;
    root.classList.toggle("open", open);
    launcher.setAttribute("aria-expanded", String(open));
    launcher.setAttribute("aria-label", named(open ? c.strings.closeChat : c.strings.openChat));
    if (open) {
      greeting.dismiss();
      launcher.innerHTML = CLOSE_ICON;
      focusPanel();
      fitKeyboard();
    } else {
      drawClosed();
      launcher.focus();
    }
  };

  const greeting = greet(c, root, () => setOpen(true), () => launcher.focus());
  launcher.addEventListener("click", () => setOpen(!open));
  window.addEventListener("message", (event) => {
    if (event.origin !== base || !frame || event.source !== frame.contentWindow || !isWidgetMessage(event.data)) return;
    if (event.data.type === "close" && open) setOpen(false);
    if (event.data.type === "ready" && open) focusPanel();
  });
  window.visualViewport?.addEventListener("resize", fitKeyboard);
  window.visualViewport?.addEventListener("scroll", fitKeyboard);

  root.append(bar);
  shadow.append(style, root);
  document.body.append(host);
}

const greetedKey = (id: string) => `acp-greeted:${id}`;

function greeted(id: string): boolean {
  try {
    return window.localStorage.getItem(greetedKey(id)) !== null;
  } catch {
    return true; // storage blocked: better never greet than greet on every page
  }
}

/**
 * The proactive greeting (docs/decisions/079-proactive-greeting.md): after the chatbot's delay, a short bubble beside the launcher, once per
 * visitor (remembered in the host page's storage when shown), dismissible; its region exists from the start
 * and is polite, so a screen reader says the message when it appears without moving the focus.
 */
function greet(c: Config, root: HTMLElement, openChat: () => void, focusLauncher: () => void): { dismiss: () => void } {
  if (!c.greeting || greeted(c.id)) return { dismiss: () => undefined };
  const { message, delay_seconds } = c.greeting;
  const region = document.createElement("div");
  region.className = "greet";
  region.setAttribute("aria-live", "polite");
  region.setAttribute("data-testid", "acp-greeting");
  root.prepend(region); // above the panel's place and the launcher's bar
  const pending = { timer: 0 };
  const dismiss = () => {
    window.clearTimeout(pending.timer);
    const hadFocus = region.contains((region.getRootNode() as ShadowRoot).activeElement);
    region.replaceChildren();
    if (hadFocus) focusLauncher();
  };
  pending.timer = window.setTimeout(() => {
    try {
      window.localStorage.setItem(greetedKey(c.id), "1");
    } catch {
      // not remembered: shown on this page only
    }
    const say = document.createElement("button");
    say.type = "button";
    say.className = "say";
    say.textContent = message;
    say.addEventListener("click", openChat);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "x";
    close.setAttribute("aria-label", c.strings.dismissGreeting);
    close.innerHTML = CLOSE_ICON;
    close.addEventListener("click", dismiss);
    region.append(say, close);
  }, delay_seconds * 1000);
  return { dismiss };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function start(): void {
  const script = ownScript();
  const id = script?.dataset.chatbotId;
  if (!script || !id) return;
  const registry = (w.__acpWidgets ??= {});
  if (registry[id]) return; // the snippet pasted twice
  registry[id] = true;
  const base = new URL(script.src).origin;
  fetch(`${base}/api/widget/${encodeURIComponent(id)}/config`, { credentials: "omit" })
    .then((res) => (res.ok ? (res.json() as Promise<Config>) : null))
    .then((config) => {
      if (!config) return; // unknown, disabled, paused or suspended: draw nothing at all
      if (document.body) mount(base, config);
      else document.addEventListener("DOMContentLoaded", () => mount(base, config));
    })
    .catch(() => undefined);
}

start();

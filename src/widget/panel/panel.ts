/**
 * The visitor's chat panel (records 026 and 078): the widget's iframe (`embed`: a dialog the loader shows and
 * hides) and the share page (`page`: full screen), in plain DOM — no framework, bundled by esbuild at build
 * time (src/widget/build.ts) and served by a route as static HTML plus this script (page.ts).
 *
 * One state and a reducer over the conversation's events (state.ts), one small view per mode (views/: the
 * chat, the lead form, waiting for a person, a person in the conversation, the dead end), and the effects
 * that connect them to the public widget API (mount-chat.ts). The words the panel writes come with the page's
 * data, in the chatbot's language (strings.ts); the shapes it reads and sends are the widget's wire shapes
 * (src/shared/widget-wire.ts, types only).
 */
import type { PanelData } from "@/shared/widget-wire";
import { isWidgetMessage } from "../protocol";
import { mountChat } from "./mount-chat";
import { deadEndPage } from "./views/dead-end";
import { postToHost } from "./views/shell";
import { setStrings } from "./strings";

function readData(): PanelData {
  return JSON.parse(document.getElementById("acp-data")!.textContent!) as PanelData;
}

/**
 * On a phone the on-screen keyboard shrinks the visual viewport: the panel takes its height, so the message
 * box stays above the keyboard (the loader does the same for the iframe on the host page).
 */
function fitViewport(root: HTMLElement) {
  const vv = window.visualViewport;
  if (!vv) return;
  const fit = () => root.style.setProperty("--vh", `${vv.height}px`);
  vv.addEventListener("resize", fit);
  fit();
}

function start() {
  const data = readData();
  setStrings(data.strings);
  const embed = data.mode === "embed";
  const view = data.open ? mountChat(data.config, embed) : { root: deadEndPage(data), input: null };
  document.body.append(view.root);
  fitViewport(view.root);
  const focus = () => (view.input ?? view.root.querySelector<HTMLElement>("[data-testid=panel-dead-end]"))?.focus();
  window.addEventListener("message", (event) => {
    if (event.source === window.parent && isWidgetMessage(event.data) && event.data.type === "open") focus();
  });
  if (embed) postToHost("ready");
  else focus();
}

start();

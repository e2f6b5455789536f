import type { Tiktoken } from "js-tiktoken/lite";

export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | null = null;

/**
 * o200k_base token counts. The ranks (a few MB shipped inside js-tiktoken) are
 * loaded on first use and once per process, so importing this module is free.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= (async () => {
    const [{ Tiktoken: Encoder }, { default: ranks }] = await Promise.all([
      import("js-tiktoken/lite"),
      import("js-tiktoken/ranks/o200k_base"),
    ]);
    const encoder: Tiktoken = new Encoder(ranks);
    return (text: string) => encoder.encode(text).length;
  })();
  return loading;
}

import type { Json } from "../boards/drawing.js";

/**
 * Messages to the site that frames the page. They hold only what any spectator sees, so they go
 * to any origin ("*"); a token is never among them.
 */
export type HostMessage =
  | { type: "tabula:ready"; matchId: string; version: number }
  | { type: "tabula:update"; matchId: string; version: number; status: string; toMove: number | null; notes: Json[] }
  | { type: "tabula:error"; matchId: string; code: string; message: string };

const framed = (): boolean => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

export function tellHost(message: HostMessage): void {
  if (framed()) window.parent.postMessage(message, "*");
}

/** What the host may ask: `{type: "tabula:flip"}` turns the board round. */
export function listenToHost(handlers: { flip: () => void }): void {
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    const data = event.data as { type?: unknown } | null;
    if (data && typeof data === "object" && data.type === "tabula:flip") handlers.flip();
  });
}

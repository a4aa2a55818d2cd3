import type { Socket } from "node:net";
import type { WebSocket } from "ws";

/** Past this many bytes waiting for a client, a send resolves only once its frame is written: a slow client holds its own messages back. */
const BUFFERED_LIMIT = 64 * 1024;

const corked = new WeakSet<Socket>();

/**
 * Sends one graphql-ws message. Messages sent in one turn of the event loop leave in one write:
 * an operation over the socket answers `next`, then `complete`, and a write to a loopback or
 * virtualised network costs far more than the bytes (on two cores, as much as the rest of the
 * command), so the TCP socket stays corked until the turn is over. The promise resolves at once
 * unless the client is slow to read (graphql-ws awaits it before its next message, so `complete`
 * joins `next` in the same write). A write that fails is a client gone (EPIPE, reset): its close
 * event cleans up.
 */
export function sendCorked(ws: WebSocket, tcp: Socket, data: string): Promise<void> {
  if (ws.readyState !== ws.OPEN) return Promise.resolve();
  if (!corked.has(tcp)) {
    corked.add(tcp);
    tcp.cork();
    setImmediate(() => {
      corked.delete(tcp);
      tcp.uncork();
    });
  }
  return new Promise<void>((resolve) => {
    ws.send(data, () => resolve());
    if (ws.bufferedAmount < BUFFERED_LIMIT) resolve();
  });
}

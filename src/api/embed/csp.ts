import type { EmbedDeployment } from "./deployment.js";

/**
 * The embed page's Content-Security-Policy: its own script and stylesheet only (no inline
 * script or style anywhere, the boards' SVG included), pictures from itself, connections to
 * its own API and, on AWS, the WebSocket API; framed only where the deployment allows.
 */
export function contentSecurityPolicy(deployment: EmbedDeployment): string {
  const ws = deployment.websocketUrl ? ` ${new URL(deployment.websocketUrl).origin.replace(/^http/, "ws")}` : "";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${ws}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${deployment.frameAncestors}`,
  ].join("; ");
}

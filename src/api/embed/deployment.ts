/** What differs between deployments of the embed page (the local server, an AWS stack). */
export interface EmbedDeployment {
  /** CSP `frame-ancestors`: who may frame the page (`*` = any site; `'self' https://forum.example`). */
  readonly frameAncestors: string;
  /** The GraphQL WebSocket URL when it is not the page's own host (API Gateway's WebSocket API). */
  readonly websocketUrl?: string | undefined;
  /** The public origin of the API (`https://api.example.com`), for oEmbed's absolute URLs; default: the request's Host. */
  readonly publicUrl?: string | undefined;
}

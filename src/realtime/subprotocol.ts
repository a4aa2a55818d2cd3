/** The WebSocket subprotocol of the `graphql-ws` library, the only one served. */
export const SUBPROTOCOL = "graphql-transport-ws";

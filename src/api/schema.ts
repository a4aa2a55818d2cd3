// Generated from schema/schema.graphql by `npx tsx schema/sync.ts`; edit the .graphql file, not this one.
export const typeDefs: string = `"""
Tabula: server-refereed dice and board games. Every match is an append-only log of events;
the server checks every command (seat, turn, expected version, legality) and draws the dice.

Authentication: send a seat token as \`Authorization: Bearer <token>\`. Tokens are handed out
once, by \`createMatch\`. Reading a match needs no token (spectators); acting always does.

Errors carry a stable \`extensions.code\` from a closed set, plus details such as
\`currentVersion\` or \`reason\`; each operation below lists the codes it answers, besides the ones
any request may get (BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR).

Error codes: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, NOT_YOUR_TURN,
DICE_NOT_ROLLED, ALREADY_ROLLED, NO_DICE_IN_RULESET, DICE_NOT_DUE, ILLEGAL_MOVE,
VERSION_CONFLICT, MATCH_FINISHED, IDEMPOTENCY_KEY_REUSED, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX,
RATE_LIMITED, INTERNAL_SERVER_ERROR.
"""
schema {
  query: Query
  mutation: Mutation
  subscription: Subscription
}

"""
Live updates over WebSockets (protocol graphql-transport-ws, the \`graphql-ws\` library's), on
the same \`/graphql\` path. A seat watches as itself by sending its token in the
\`connection_init\` payload as \`{"authorization": "Bearer <token>"}\`; without one it watches as a
spectator.
"""
type Subscription {
  """
  Every committed event of the match, strictly in version order, each exactly once: first all
  events after \`afterVersion\` (the whole log when it is absent), then each new one as it is
  committed. A client that reconnects with the last version it saw neither misses nor repeats
  an event. The subscription completes after MatchFinished.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  matchUpdated(
    "The match to watch."
    matchId: ID!
    "The last version the client already has; 0 or absent = from the start of the log."
    afterVersion: Int
  ): MatchUpdate!
}

"One committed event and the match right after it, as the subscriber may see it."
type MatchUpdate {
  "The event's version (= \`event.version\`)."
  version: Int!
  "The committed event."
  event: MatchEvent!
  "The match as it stood right after this event, from the subscriber's seat (or as a spectator)."
  match: Match!
}

"""
Any JSON value: object, array, string, number, boolean or null. Used for ruleset-specific data
(moves, options, the drawable state, results, event payloads).
"""
scalar JSON

"""
Commands. Each one is checked against the current state of the match and either appends
events (and returns the new state) or is rejected with a code and changes nothing.
"""
type Mutation {
  """
  Creates a match and returns one secret token per seat. The tokens are shown only here: the
  server keeps their hashes. Needs no authentication.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED,
  INTERNAL_SERVER_ERROR.
  """
  createMatch("The ruleset and its options." input: CreateMatchInput!): CreateMatchPayload!

  """
  Rolls the dice for the seat of the bearer token, when the match waits for a roll by that
  seat (\`phase\` is "roll"). The roll is derived from the match's secret seed (see
  \`diceCommitment\`).
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, NOT_YOUR_TURN, ALREADY_ROLLED,
  NO_DICE_IN_RULESET, DICE_NOT_DUE, VERSION_CONFLICT, MATCH_FINISHED, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  rollDice("The match id." matchId: ID!): Match!

  """
  Plays a move for the seat of the bearer token. A move is legal iff it is one of the
  \`legalMoves\` the match lists for that seat (backgammon: a string such as "24/18 13/8"). The
  log records it in the ruleset's canonical form, with \`notes\` on what it did.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, NOT_YOUR_TURN, DICE_NOT_ROLLED,
  ILLEGAL_MOVE, VERSION_CONFLICT, MATCH_FINISHED, IDEMPOTENCY_KEY_REUSED, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  submitMove(
    "The match id."
    matchId: ID!
    "The move, in the ruleset's notation (JSON; at most 4 KiB serialized)."
    move: JSON!
    """
    Optimistic concurrency: the \`version\` the client based its move on. If the match has moved
    on, the move is rejected with VERSION_CONFLICT and \`currentVersion\`. Omit to skip the check.
    """
    expectedVersion: Int
    """
    1 to 128 characters. Retrying with the same key and the same move returns the current match
    without playing again; the same key with another move is IDEMPOTENCY_KEY_REUSED. Keys are
    per seat and remembered for the match's 64 most recent keyed moves.
    """
    idempotencyKey: String
  ): Match!
}

"Reads. No token needed; with a seat token the match is shown as that seat sees it."
type Query {
  """
  A match, or null if there is no match with this id. A token that belongs to no seat of the
  match is FORBIDDEN.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX,
  INTERNAL_SERVER_ERROR.
  """
  match("The match id." id: ID!): Match

  "The ids of the rulesets this server plays, for \`CreateMatchInput.ruleset\`."
  rulesets: [String!]!

  "What a ruleset awaits, notes and refuses, and the JSON Schemas of its options and moves; null if unknown."
  ruleset("A ruleset id from \`rulesets\`." id: String!): Ruleset
}

"A ruleset as clients may learn it before playing: every list is the code's own closed set."
type Ruleset {
  "The id, e.g. \\"backgammon\\"."
  id: String!
  "\\"d6\\" when the server rolls six-sided dice for it, \\"none\\" when it is played without dice."
  dice: String!
  "Every value \`Match.awaiting\` takes in this ruleset (\\"over\\" included)."
  awaiting: [String!]!
  "Every note type its \`MovePlayed\` events may carry in \`data.notes\`."
  notes: [String!]!
  "Every \`reason\` its refusals (ILLEGAL_MOVE and others) may carry."
  reasons: [String!]!
  "JSON Schema (2020-12) of \`CreateMatchInput.options\`."
  optionsSchema: JSON!
  "JSON Schema (2020-12) of one move for \`submitMove\`."
  moveSchema: JSON!
}

"One side of a game (a player, a team) and the seats that play for it."
type Side {
  "The side's name in its ruleset, e.g. \\"white\\", \\"home\\", \\"team2\\"."
  side: String!
  "Its seats, in seat order."
  seats: [Int!]!
}

"What to create."
input CreateMatchInput {
  "A ruleset id from \`Query.rulesets\`, e.g. \\"backgammon\\"."
  ruleset: String!
  "Ruleset options (JSON object; at most 4 KiB serialized). Omitted = the ruleset's defaults."
  options: JSON
  "Number of seats; omitted = the ruleset's default (backgammon: 2)."
  seats: Int
}

"A new match and its seat credentials."
type CreateMatchPayload {
  "The match as a spectator sees it (\`seat\` is null)."
  match: Match!
  "One credential per seat, in seat order. Keep them secret: a token acts for its seat."
  seats: [SeatCredential!]!
}

"The bearer token of one seat."
type SeatCredential {
  "Seat number, from 0."
  seat: Int!
  "Send as \`Authorization: Bearer <token>\` to act for this seat."
  token: String!
}

"A match as the viewer (a seat, or a spectator without token) may see it."
type Match {
  "Opaque match id."
  id: ID!
  "The ruleset id, e.g. \\"backgammon\\"."
  ruleset: String!
  "WAITING until the first roll or move, ACTIVE while playing, FINISHED once decided."
  status: MatchStatus!
  """
  Number of events in the log (the last event's version). Changes with every accepted command;
  pass it as \`expectedVersion\` to make a move conditional on nothing having happened since.
  """
  version: Int!
  "The viewer's seat (from the bearer token), or null for a spectator."
  seat: Int
  "Number of seats in the match."
  seats: Int!
  "Every side and the seats that play for it (backgammon and the relay: one seat per side)."
  sides: [Side!]!
  "The viewer's side, or null for a spectator."
  side: String
  "The seat that must act now, or null when several seats may (an opening roll) or none (finished)."
  toMove: Int
  "Every seat that may act now (several at an opening roll); empty once finished."
  toAct: [Int!]!
  """
  "roll" while \`rollDice\` is due (some rulesets also list moves allowed before the roll, such as
  a double), "move" while a move is due, "over" once finished.
  """
  phase: String!
  """
  What the game waits for now, from the ruleset's closed set (\`Query.ruleset(id).awaiting\`),
  e.g. "openingRoll", "takeOrDrop", "throwIn", "secondary"; "over" once finished. Clients should
  switch on this rather than guess from an empty \`legalMoves\`.
  """
  awaiting: String!
  "The dice the seat to move may still use, or null when no dice are in play."
  dice: [Int!]
  """
  Every move the viewer may submit right now, in the ruleset's notation. Empty unless the
  viewer is the seat to act (so spectators always see an empty list).
  """
  legalMoves: [JSON!]!
  "A drawable view of the game for this viewer (ruleset-specific JSON)."
  state: JSON!
  "The winning seat once finished, when the winning side has one seat; null otherwise (playing, a draw, a team)."
  winner: Int
  """
  The outcome once finished: \`{winningSide, winners, winner, detail}\`: the winning side (null
  for a draw or a shared first place), the seats of every side that won or shares the win, the
  winning seat as in \`winner\`, and ruleset-specific detail (points, score, ranking).
  """
  result: JSON
  """
  The match log, oldest first: events with a version greater than \`after\` (default 0), at most
  \`limit\` (1 to 500, default 500). Versions run 1, 2, 3, ... without gaps and \`version\` is the
  last one, so more events follow while a page's last version is below \`version\`: ask again
  with \`after\` set to it.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  events(
    "Return only events with a version greater than this (a version the client already has)."
    after: Int
    "At most this many events (1 to 500, default 500)."
    limit: Int
  ): [MatchEvent!]!
  """
  SHA-256 (hex) of the secret dice seed, published at creation. Every roll is derived from the
  seed, so once it is revealed anyone can check that no roll was chosen.
  """
  diceCommitment: String!
  "The dice seed (hex), revealed when the match is finished; null before."
  diceSeed: String
  "When the match was created (ISO 8601, UTC)."
  createdAt: String!
  "When the last event was appended (ISO 8601, UTC)."
  updatedAt: String!
}

"The phase of a match."
enum MatchStatus {
  "Created; nobody has rolled or moved yet."
  WAITING
  "Being played."
  ACTIVE
  "Decided: see \`winner\` and \`result\`; \`diceSeed\` is revealed."
  FINISHED
}

"One entry of a match log."
type MatchEvent {
  "Position in the log, from 1, without gaps."
  version: Int!
  """
  Event types: MatchCreated, DiceRolled, MovePlayed, TurnPassed, MatchFinished.
  """
  type: String!
  "When it was appended (ISO 8601, UTC)."
  at: String!
  """
  The event's payload (JSON): \`{matchId, ruleset, options, seats, diceCommitment}\` for
  MatchCreated; \`{seat, n, values}\` for DiceRolled; \`{seat, move, notes?}\` for MovePlayed, where
  \`notes\` lists what the move did (\`{type: "goal", ...}\`; the ruleset's \`notes\` set);
  \`{seat, reason}\` for TurnPassed; \`{outcome, diceSeed}\` for MatchFinished.

  Pass reasons: NO_LEGAL_MOVE.
  """
  data: JSON!
}
`;

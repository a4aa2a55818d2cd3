// Generated from schema/schema.graphql by `npx tsx schema/sync.ts`; edit the .graphql file, not this one.
export const typeDefs: string = `"""
Tabula: server-refereed dice and board games. Every match is an append-only log of events;
the server checks every command (seat, turn, expected version, legality) and draws the dice.

Authentication: send a seat token as \`Authorization: Bearer <token>\`. Seat tokens (\`tbl_\`) are
handed out once, by \`createMatch\` and \`joinMatch\`. A player token (\`tbp_\`, from \`createPlayer\`)
acts for every seat its player holds and reads its inbox (\`myMatches\`). Reading a match needs no
token (spectators); acting always does.

Errors carry a stable \`extensions.code\` from a closed set, plus details such as
\`currentVersion\` or \`reason\`; each operation below lists the codes it answers, besides the ones
any request may get (BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR).

Error codes: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, NOT_YOUR_TURN,
DICE_NOT_ROLLED, ALREADY_ROLLED, NO_DICE_IN_RULESET, DICE_NOT_DUE, ILLEGAL_MOVE,
VERSION_CONFLICT, MATCH_FINISHED, IDEMPOTENCY_KEY_REUSED, WAITING_FOR_PLAYERS,
INVITATION_INVALID, INVITATION_EXPIRED, MATCH_FULL, ALREADY_JOINED, DEADLINE_PASSED,
TIMEOUT_NOT_DUE, DRAW_NOT_ALLOWED, OFFER_PENDING, NO_OFFER, TOO_LATE_TO_ABORT,
PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED, TOO_MANY_SUBSCRIPTIONS, MATCH_NOT_FINISHED,
INTERNAL_SERVER_ERROR.
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
  committed. A client that reconnects with the last version it saw neither misses nor repeats an
  event. The subscription completes after MatchFinished.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, TOO_MANY_SUBSCRIPTIONS, INTERNAL_SERVER_ERROR.
  """
  matchUpdated(
    "The match to watch."
    matchId: ID!
    "The last version the client already has; 0 or absent = from the start of the log."
    afterVersion: Int
  ): MatchUpdate!
}

"""
One committed event and the match right after it, as the subscriber may see it (Server-Sent
Events send the same as \`data:\`).
"""
type MatchUpdate {
  "The event's version (= \`event.version\`)."
  version: Int!
  "The committed event."
  event: MatchEvent!
  """
  The match as it stood right after this event, from the subscriber's seat (or as a spectator).
  """
  match: Match!
}

"""
Any JSON value: object, array, string, number, boolean or null. Used for ruleset-specific data
(moves, options, the drawable state, results, event payloads).
"""
scalar JSON

"""
Commands. Each one is checked against the current state of the match and either appends
events (and returns the new state) or is rejected with a code and changes nothing. A refused
command answers null, its error in \`errors\` (with the field's path): every field is nullable so
that, in a document of several mutations (run one after another), a refusal leaves the answers
of the others, those that were carried out, in \`data\`.
"""
type Mutation {
  """
  Creates a player: an identity across matches, and its token (\`tbp_...\`), shown only here. The
  token acts for every seat the player holds and reads its inbox. Needs no authentication.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED,
  INTERNAL_SERVER_ERROR.
  """
  createPlayer(
    "1 to 40 characters, shown to opponents; no control or bidirectional-control characters."
    name: String!
  ): CreatePlayerPayload

  """
  Creates a match and returns one secret token per seat not left open and not a bot's, and an
  invitation per open seat. Tokens and codes are shown only here: the server keeps their hashes.
  Needs no authentication; with a player token its player takes a seat (\`playerSeat\`). \`bots\`
  seats bots (docs/bots.md): each plays its seat when it is due, through the same commands as a
  person.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX,
  RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  createMatch(
    "The ruleset and its options."
    input: CreateMatchInput!
  ): CreateMatchPayload

  """
  Takes an open seat with its invitation code (or, with the token of the player a seat is
  reserved for, without one) and returns the seat's token. With a player token the seat is bound
  to the player. The match starts, and its clock runs, once every seat is taken.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, INVITATION_INVALID, INVITATION_EXPIRED, MATCH_FULL, ALREADY_JOINED,
  PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  joinMatch(
    "The match id."
    matchId: ID!
    "The invitation code (\`tbi_...\`) from \`createMatch\`."
    invitation: String
    "The seat, when the caller wants to be sure which one it takes."
    seat: Int
  ): JoinMatchPayload

  """
  Seats a bot of \`level\` in an open seat, asked by a seat of the match (its token or its
  player's): an opponent for a correspondence player nobody has joined. The seat is taken as by
  \`joinMatch\` (the match starts once every seat is taken), and the bot plays it whenever it is
  due (docs/bots.md). A seat reserved for a player is FORBIDDEN.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, INVITATION_EXPIRED, MATCH_FULL, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX,
  RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  addBot(
    "The match id."
    matchId: ID!
    "The open seat the bot takes."
    seat: Int!
    """
    A bot level of the match's ruleset: backgammon: random, pubeval, rollout; golnard-estafeta:
    random, progress; golnard-football: random, tactical; gol: random, tactical (weakest first).
    """
    level: String!
  ): Match

  """
  Rolls the dice for the seat of the bearer token, when the match waits for a roll by that seat
  (\`phase\` is "roll"). The roll is derived from the match's secret seed (see \`diceCommitment\`).
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, NOT_YOUR_TURN, ALREADY_ROLLED,
  NO_DICE_IN_RULESET, DICE_NOT_DUE, VERSION_CONFLICT, MATCH_FINISHED, WAITING_FOR_PLAYERS,
  DEADLINE_PASSED, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  rollDice(
    "The match id."
    matchId: ID!
  ): Match

  """
  Plays a move for the seat of the bearer token. A move is legal iff it is one of the
  \`legalMoves\` the match lists for that seat (backgammon: a string such as "24/18 13/8"; each
  ruleset's move schema is in \`ruleset(id).moveSchema\`). The log records it in the ruleset's
  canonical form, with \`notes\` on what it did.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, NOT_YOUR_TURN, DICE_NOT_ROLLED,
  ILLEGAL_MOVE, VERSION_CONFLICT, MATCH_FINISHED, IDEMPOTENCY_KEY_REUSED, WAITING_FOR_PLAYERS,
  DEADLINE_PASSED, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
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
  ): Match

  """
  Ends the match on time once a deadline has passed (by the server's clock): the sides of the
  seats out of time lose; before every side has moved, the match is aborted instead. Any seat of
  the match may claim; the server also finishes overdue matches by itself.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, TIMEOUT_NOT_DUE, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED,
  INTERNAL_SERVER_ERROR.
  """
  claimTimeout(
    "The match id."
    matchId: ID!
  ): Match

  """
  Without \`value\`: concedes the match at once (every other side wins). With a value (rulesets
  with \`resignationValues\`: backgammon's single, gammon, backgammon): offers to lose the game in
  progress for that many times the cube; the opponent accepts or declines.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, WAITING_FOR_PLAYERS, DEADLINE_PASSED, OFFER_PENDING, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  resign(
    "The match id."
    matchId: ID!
    "One of the ruleset's \`resignationValues\`, or none."
    value: String
  ): Match

  """
  Accepts the resignation the other side offered: the game is scored for its value, and the
  match ends if that score ends it (by resignation).
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, WAITING_FOR_PLAYERS, DEADLINE_PASSED, NO_OFFER, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  acceptResignation(
    "The match id."
    matchId: ID!
  ): Match

  """
  Declines the resignation the other side offered; the game goes on.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, WAITING_FOR_PLAYERS, DEADLINE_PASSED, NO_OFFER, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  declineResignation(
    "The match id."
    matchId: ID!
  ): Match

  """
  Offers a draw (where \`drawAllowed\`). It stands until a seat of another side accepts or
  declines it, or rolls or moves instead (which declines it).
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, WAITING_FOR_PLAYERS, DEADLINE_PASSED, DRAW_NOT_ALLOWED, OFFER_PENDING,
  PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  offerDraw(
    "The match id."
    matchId: ID!
  ): Match

  """
  Accepts the draw the other side offered: the match ends drawn (reason drawAgreed).
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, WAITING_FOR_PLAYERS, DEADLINE_PASSED, NO_OFFER, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  acceptDraw(
    "The match id."
    matchId: ID!
  ): Match

  """
  Declines the draw the other side offered.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, WAITING_FOR_PLAYERS, DEADLINE_PASSED, NO_OFFER, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  declineDraw(
    "The match id."
    matchId: ID!
  ): Match

  """
  Calls the match off without a result, while some side has not moved yet (or a seat is still
  open).
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VERSION_CONFLICT,
  MATCH_FINISHED, TOO_LATE_TO_ABORT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, RATE_LIMITED,
  INTERNAL_SERVER_ERROR.
  """
  abort(
    "The match id."
    matchId: ID!
  ): Match

  """
  Registers a webhook: signed POSTs (Standard Webhooks) of what happens in one match (\`matchId\`,
  with a token of a seat of it: the webhook speaks for that seat) or in every match of one
  player (\`playerId\`, with that player's token). Answers its secret (\`whsec_...\`), shown only
  here. A match webhook hears what is committed after it is registered. At most 10 per seat or
  player. A URL the policy refuses is BAD_USER_INPUT with its \`reason\`.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  createWebhook(
    """
    Where to POST deliveries: https (http and loopback too on a local server), no user name,
    password or fragment, at most 2048 characters; private, link-local and other internal
    addresses are refused.
    """
    url: String!
    """
    The event types to receive, from: match.updated, match.yourTurn, match.finished,
    invitation.accepted, clock.warning, webhook.test. Omit for every one but \`clock.warning\`
    (asked for by name) and \`webhook.test\` (sent on request anyway).
    """
    events: [String!]
    "A match webhook: this match (with a token of one of its seats)."
    matchId: ID
    "A player webhook: this player (with its token)."
    playerId: ID
    """
    How long before a seat's deadline its \`clock.warning\` comes, in seconds (1 to 2592000); omit
    for the server's default, an hour. A turn shorter than that is warned when it starts.
    """
    clockWarningSeconds: Int
  ): WebhookWithSecret

  """
  Changes a webhook's URL or events, pauses it (\`paused: true\`: nothing is sent meanwhile) or
  resumes it (\`paused: false\`, a disabled one too): it then gets every event it missed, in
  order, from where it stopped.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  updateWebhook(
    "The webhook id (\`wh_...\`)."
    id: ID!
    """
    Where to POST deliveries: https (http and loopback too on a local server), no user name,
    password or fragment, at most 2048 characters; private, link-local and other internal
    addresses are refused.
    """
    url: String
    """
    The event types to receive, from: match.updated, match.yourTurn, match.finished,
    invitation.accepted, clock.warning, webhook.test. Omit for every one but \`clock.warning\`
    (asked for by name) and \`webhook.test\` (sent on request anyway).
    """
    events: [String!]
    "true: pause; false: resume."
    paused: Boolean
    """
    How long before a seat's deadline its \`clock.warning\` comes, in seconds (1 to 2592000); omit
    for the server's default, an hour. A turn shorter than that is warned when it starts.
    """
    clockWarningSeconds: Int
  ): Webhook

  """
  Draws a new secret, shown only here. For 24 hours deliveries are signed with both the new and
  the previous one, so a receiver can switch over meanwhile.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  rotateWebhookSecret(
    "The webhook id (\`wh_...\`)."
    id: ID!
  ): WebhookWithSecret

  """
  Deletes a webhook with its delivery log; nothing more is sent to it.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  deleteWebhook(
    "The webhook id (\`wh_...\`)."
    id: ID!
  ): ID

  """
  Sends \`webhook.test\` to the webhook now, signed as every delivery, and answers the attempt (it
  is in the delivery log too). Not retried.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, RATE_LIMITED, INTERNAL_SERVER_ERROR.
  """
  testWebhook(
    "The webhook id (\`wh_...\`)."
    id: ID!
  ): WebhookDelivery
}

"Reads. No token needed; with a seat token the match is shown as that seat sees it."
type Query {
  """
  The correspondence inbox of the player of the bearer token (and of no one else): the matches
  where it is to act first, soonest deadline first, then the others still going or waiting for
  players (the same order), then the finished ones, latest first. Paged: pass \`next\` as \`after\`.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX,
  INTERNAL_SERVER_ERROR.
  """
  myMatches(
    "Only matches of this status."
    status: MatchStatus
    "true: only where the player is to act; false: only where it is not."
    toMove: Boolean
    "The \`next\` cursor of the previous page."
    after: String
    "At most this many (1 to 100, default 50)."
    limit: Int
  ): InboxPage!

  """
  A match, or null if there is no match with this id. A token that belongs to no seat of the
  match is FORBIDDEN.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX,
  INTERNAL_SERVER_ERROR.
  """
  match(
    "The match id."
    id: ID!
    """
    The match as it stood at this version (a replay, a past position), as a spectator sees it;
    absent: as it is now. A version the match has not reached is NOT_FOUND.
    """
    version: Int
  ): Match

  """
  The webhooks of the bearer: with \`matchId\`, those of its seat in that match (a seat's token or
  its player's); without, its player's (a player token). Never their secrets.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  webhooks(
    "The match whose webhooks (of the caller's seat) to list."
    matchId: ID
  ): [Webhook!]!

  """
  The last attempts to deliver to a webhook (the last 100 are kept), newest first: each event's
  id and type, the receiver's status, the latency, the error and when it is tried again.
  Errors: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE,
  QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  webhookDeliveries(
    "The webhook id (\`wh_...\`)."
    id: ID!
    "At most this many (1 to 100, default 100)."
    limit: Int
  ): [WebhookDelivery!]!

  """
  The ids of the rulesets this server plays, for \`CreateMatchInput.ruleset\`.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  rulesets: [String!]!

  """
  What a ruleset awaits, notes and refuses, and the JSON Schemas of its options and moves; null
  if unknown.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  ruleset(
    "A ruleset id from \`rulesets\`."
    id: String!
  ): Ruleset
}

"A ruleset as clients may learn it before playing: every list is the code's own closed set."
type Ruleset {
  "The id, e.g. \\"backgammon\\"."
  id: String!
  "\\"d6\\" when the server rolls six-sided dice for it, \\"none\\" when it is played without dice."
  dice: String!
  """
  The version of its rules new matches are created under (each match keeps the one it was
  created under: docs/records.md).
  """
  rulesVersion: Int!
  "Every version of its rules this server can replay and verify, oldest first."
  rulesVersions: [Int!]!
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
  """
  What a resignation may offer for the game in progress (backgammon: single, gammon,
  backgammon); empty: a resignation concedes the match.
  """
  resignationValues: [String!]!
  """
  The bot levels a seat may be given (\`createMatch\` \`bots\`, \`addBot\`), weakest first
  (docs/bots.md).
  """
  botLevels: [String!]!
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
  "A deadline per move, and a bank; omitted = no clock."
  timeControl: TimeControlInput
  "Seats left for others to join, each with an invitation (some reserved for one player)."
  openSeats: [OpenSeatInput!]
  "With a player token: the seat its player takes (default: the first seat not left open)."
  playerSeat: Int
  "How long the invitations stand, in minutes (1 to 43200; default 10080, a week)."
  invitationMinutes: Int
  "An http(s) URL with \`{code}\` (and optionally \`{match}\`) that each invitation's \`link\` fills in."
  invitationLink: String
}

"The clock of a match: exactly one of \`daysPerMove\` and \`minutesPerMove\`."
input TimeControlInput {
  "Correspondence: 1, 2, 3, 5, 7 or 14 days per move."
  daysPerMove: Int
  "Live play: 1 to 720 minutes per move."
  minutesPerMove: Int
  "Extra time per seat (0 to 43200 minutes) that runs down only while a move is late; default 0."
  bankMinutes: Int
}

"A seat left open at creation."
input OpenSeatInput {
  "The seat."
  seat: Int!
  "A player id: only this player may take the seat (a challenge; it needs no code)."
  player: ID
}

"A new match and its seat credentials."
type CreateMatchPayload {
  "The match as a spectator sees it (\`seat\` is null)."
  match: Match!
  """
  One credential per seat not left open, in seat order. Keep them secret: a token acts for its
  seat.
  """
  seats: [SeatCredential!]!
  "One invitation per open seat."
  invitations: [Invitation!]!
}

"What a site shows to invite someone to an open seat."
type Invitation {
  "The open seat."
  seat: Int!
  "The code (\`tbi_...\`) \`joinMatch\` takes; whoever has it may take the seat. Shown only here."
  code: String!
  "When it lapses (ISO 8601); a match still waiting then is aborted."
  expiresAt: String!
  "The one player who may take the seat, for a challenge."
  reservedFor: Player
  "\`invitationLink\` filled in with the match and the code; null without one."
  link: String
}

"A player as matches show it."
type Player {
  "Opaque player id (used to reserve a seat for it)."
  id: ID!
  "Its name."
  name: String!
}

"A new player and its token."
type CreatePlayerPayload {
  "The player."
  player: Player!
  "When it was created (ISO 8601, UTC)."
  createdAt: String!
  """
  Send as \`Authorization: Bearer <token>\`: it acts for every seat the player holds. Shown only
  here.
  """
  token: String!
}

"A seat taken."
type JoinMatchPayload {
  "The match as the new seat sees it."
  match: Match!
  "The seat taken."
  seat: Int!
  "The seat's own token, shown only here (a player token acts for the seat as well)."
  token: String!
}

"A page of a player's inbox."
type InboxPage {
  "The player's matches, in inbox order."
  entries: [InboxEntry!]!
  "Pass as \`after\` for the next page; null on the last one."
  next: String
}

"One match as a player's inbox shows it."
type InboxEntry {
  "The player whose inbox this is."
  playerId: ID!
  "The match id."
  matchId: ID!
  "Its ruleset."
  ruleset: String!
  "The player's seat (or the seat it is invited to)."
  seat: Int!
  "The seat is reserved for the player, who has not taken it yet."
  invited: Boolean!
  "The match's status."
  status: MatchStatus!
  "The match waits for the player's seat now."
  toMove: Boolean!
  "When the match ends by itself if nobody acts; null: never."
  deadline: String
  "When the match ended; null while it goes on."
  finishedAt: String
  "Who sits where (seats with a player)."
  players: [SeatPlayer!]!
  "The match itself, as the player's seat sees it (one more read per entry)."
  match: Match
}

"A seat and its player."
type SeatPlayer {
  "The seat."
  seat: Int!
  "The player."
  player: Player!
}

"Who holds a seat."
type Seat {
  "The seat."
  seat: Int!
  "The player holding it; null while open or when taken without a player."
  player: Player
  "Whether it waits for someone to join."
  open: Boolean!
  "When its invitation lapses, while open."
  invitationExpiresAt: String
  "The one player who may take it, while open."
  reservedFor: Player
}

"The clock of a match with a time control."
type Clock {
  "Days per move (correspondence), or null."
  daysPerMove: Int
  "Minutes per move (live play), or null."
  minutesPerMove: Int
  "The bank each seat started with."
  bankMinutes: Int!
  "Each seat's deadline and bank."
  seats: [SeatClock!]!
}

"One seat's clock."
type SeatClock {
  "The seat."
  seat: Int!
  "When its time runs out; null while it is not to act."
  deadline: String
  "What is left of its bank, in seconds."
  bankSeconds: Int!
}

"An offer awaiting its answer."
type Offer {
  "\\"draw\\" or \\"resignation\\"."
  kind: String!
  "The seat that offered."
  seat: Int!
  "For a resignation: what it offers (e.g. \\"gammon\\")."
  value: String
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
  """
  The version of the ruleset's rules the match is played under, as its MatchCreated recorded it
  (docs/records.md): it keeps replaying under them when the rules change.
  """
  rulesVersion: Int!
  """
  WAITING until every seat is taken and the first roll or move, ACTIVE while playing, FINISHED
  once decided.
  """
  status: MatchStatus!
  """
  Number of events in the log (the last event's version). Changes with every accepted command;
  pass it as \`expectedVersion\` to make a move conditional on nothing having happened since.
  """
  version: Int!
  "Number of seats in the match."
  seats: Int!
  "Every side and the seats that play for it (backgammon and the relay: one seat per side)."
  sides: [Side!]!
  "The viewer's seat (from the bearer token), or null for a spectator."
  seat: Int
  "The viewer's side, or null for a spectator."
  side: String
  """
  The seat that must act now, or null when several seats may (an opening roll) or none
  (finished, or a seat still open).
  """
  toMove: Int
  """
  Every seat that may act now (several at an opening roll); empty once finished and while a seat
  is open.
  """
  toAct: [Int!]!
  """
  "roll" while \`rollDice\` is due (some rulesets also list moves allowed before the roll, such as
  a double), "move" while a move is due, "over" once finished.
  """
  phase: String!
  """
  What the game waits for now, from the ruleset's closed set (\`Query.ruleset(id).awaiting\`, \`GET
  /api/rulesets/{id}\`), e.g. "openingRoll", "takeOrDrop", "throwIn", "secondary"; "over" once
  finished. Clients should switch on this rather than guess from an empty \`legalMoves\`.
  """
  awaiting: String!
  "The dice the seat to move may still use, or null when no dice are in play."
  dice: [Int!]
  """
  Every move the viewer may submit right now, in the ruleset's notation. Empty unless the viewer
  is the seat to act (so spectators always see an empty list).
  """
  legalMoves(
    """
    Only the moves of this piece (one of \`movablePieces\`), and the moves of no one piece (ending
    the turn, the ball's own moves). Omitted: every move.
    """
    piece: String
  ): [JSON!]!
  """
  The pieces the viewer may move now (tokens, numbered pieces), each once: \`legalMoves(piece:)\`
  (REST: \`?piece=\`) lists one piece's moves. Empty where the ruleset has no pieces (backgammon's
  plays move several checkers) or the viewer may not act.
  """
  movablePieces: [String!]!
  "A drawable view of the game for this viewer (ruleset-specific JSON)."
  state: JSON!
  """
  The winning seat once finished, when the winning side has one seat; null otherwise (playing, a
  draw, a team).
  """
  winner: Int
  """
  The outcome once finished: \`{reason, winningSide, winners, winner, detail}\`: why it ended
  (played, timeout, resignation, drawAgreed or aborted), the winning side (null for a draw, a
  shared first place or an abort), the seats of every side that won or shares the win, the
  winning seat as in \`winner\`, and detail (the ruleset's points, score, ranking; for a match
  ended by the players or the clock, who resigned, ran out of time or offered).
  """
  result: JSON
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
  "Who holds each seat (the players' names where known), and which seats are open."
  seating: [Seat!]!
  "The time control and each seat's deadline; null for a match without one."
  clock: Clock
  """
  When the match ends by itself if the seats due do not act: the first deadline of its clock,
  or, while a seat is open, when the invitations lapse. Null: never.
  """
  deadline: String
  "A draw or resignation offer awaiting its answer."
  offer: Offer
  "Whether a draw may be offered in this match."
  drawAllowed: Boolean!
  """
  The match log, oldest first: events with a version greater than \`after\` (default 0), at most
  \`limit\` (1 to 500, default 500). Versions run 1, 2, 3, ... without gaps and the match's
  \`version\` is the last one, so more events follow while a page's last version is below it.
  Public: events hold nothing secret.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, INTERNAL_SERVER_ERROR.
  """
  events(
    "Return only events with a version greater than this (a version the client already has)."
    after: Int
    "At most this many events (1 to 500, default 500)."
    limit: Int
  ): [MatchEvent!]!
  """
  The whole finished match as one self-contained JSON document (\`MatchArchive\`,
  docs/records.md): the rules version it was played under, its options, every event, the
  revealed dice seed, the outcome and the match as text in its ruleset's notation. \`tabula
  verify-match\` re-checks it offline. A match not finished yet is MATCH_NOT_FINISHED: its dice
  seed is revealed only at the end.
  Errors: BAD_USER_INPUT, PAYLOAD_TOO_LARGE, QUERY_TOO_COMPLEX, MATCH_NOT_FINISHED,
  INTERNAL_SERVER_ERROR.
  """
  archive: JSON
}

"The phase of a match."
enum MatchStatus {
  "Created; a seat is still open, or nobody has rolled or moved yet."
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
  Event types: MatchCreated, SeatJoined, DiceRolled, MovePlayed, TurnPassed, DrawOffered,
  DrawDeclined, DrawAccepted, ResignationOffered, ResignationDeclined, ResignationAccepted,
  Resigned, TimedOut, Aborted, MatchFinished.
  """
  type: String!
  "When it was appended (ISO 8601, UTC)."
  at: String!
  """
  The event's payload (JSON): \`{matchId, ruleset, rulesVersion, options, seats, diceCommitment,
  timeControl?, open?, players?}\` for MatchCreated (\`rulesVersion\`, the version of the ruleset's
  rules the match is played under, is absent in logs written before it existed: version 1);
  \`{seat, player}\` for SeatJoined; \`{seat, n, values}\` for DiceRolled; \`{seat, move, notes?}\`
  for MovePlayed, where \`notes\` lists what the move did (\`{type: "goal", ...}\`; the ruleset's
  \`notes\` set); \`{seat, reason}\` for TurnPassed; \`{seat}\` for DrawOffered, DrawDeclined,
  DrawAccepted, ResignationDeclined and Resigned; \`{seat, value}\` for ResignationOffered;
  \`{seat, resigned, value}\` for ResignationAccepted; \`{seats, claimedBy}\` for TimedOut; \`{seat,
  cause}\` for Aborted; \`{outcome, diceSeed}\` for MatchFinished.

  Pass reasons: NO_LEGAL_MOVE.
  """
  data: JSON!
}

"A registered webhook (without its secrets)."
type Webhook {
  "The webhook's id."
  id: ID!
  "Where deliveries are POSTed."
  url: String!
  """
  The event types it receives, from: match.updated, match.yourTurn, match.finished,
  invitation.accepted, clock.warning, webhook.test.
  """
  events: [String!]!
  """
  "match": one match (registered with a seat's token, for that seat); "player": every match of
  one player.
  """
  scope: String!
  "The match of a match webhook; null for a player webhook."
  matchId: ID
  """
  The seat of a match webhook (whose turn \`match.yourTurn\` is about); null for a player webhook.
  """
  seat: Int
  "The player of a player webhook; null for a match webhook."
  playerId: ID
  """
  "active"; "paused" by its owner; "disabled" after an event failed every attempt (\`reason\` says
  why). Resuming delivers what it missed.
  """
  status: String!
  "Why it was disabled; null otherwise."
  reason: String
  """
  How long before a seat's deadline its \`clock.warning\` comes, in seconds; null: the server's
  default (an hour).
  """
  clockWarningSeconds: Int
  """
  Until when the secret before the last rotation still signs deliveries (with the current one);
  null when none does.
  """
  previousSecretUntil: String
  "When it was registered (ISO 8601)."
  createdAt: String!
  "When it last changed (ISO 8601)."
  updatedAt: String!
}

"A webhook and its new signing secret, shown once."
type WebhookWithSecret {
  "The webhook."
  webhook: Webhook!
  "\`whsec_...\`: the key deliveries are signed with (Standard Webhooks). Shown only here."
  secret: String!
}

"One delivery attempt."
type WebhookDelivery {
  "When the attempt was made (ISO 8601)."
  at: String!
  "Which attempt at this event it was, from 1."
  attempt: Int!
  "The event's \`webhook-id\` (the same on every attempt)."
  eventId: String!
  "The event type."
  type: String!
  "The match it is about; null for \`webhook.test\`."
  matchId: ID
  "Whether the receiver answered 2xx."
  ok: Boolean!
  "The receiver's HTTP status; null when none came."
  status: Int
  "How long the attempt took."
  latencyMs: Int!
  """
  Why it failed ("status: The receiver answered 503", "connection: ...); null when it did not.
  """
  error: String
  "When the event is tried again; null once delivered or given up on."
  nextAttemptAt: String
}
`;

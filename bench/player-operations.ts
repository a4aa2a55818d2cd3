/**
 * What a bot that plays over GraphQL sends: a roll, a move and a read, each answering the fields
 * of the match a player reads (the same the REST players ask for with `?fields=`).
 */
export const VIEW_FIELDS = "id status version toAct phase dice legalMoves";
export const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { ${VIEW_FIELDS} } }`;
export const MOVE = `mutation($id: ID!, $move: JSON!) { submitMove(matchId: $id, move: $move) { ${VIEW_FIELDS} } }`;
export const READ = `query($id: ID!) { match(id: $id) { ${VIEW_FIELDS} } }`;

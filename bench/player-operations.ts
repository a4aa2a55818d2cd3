/**
 * What a bot that plays over GraphQL sends: a roll, a move and a read, each answering the fields
 * of the match a player reads (the same the REST players ask for with `?fields=`).
 */
export const VIEW_FIELDS = "id status version toAct phase dice legalMoves";
export const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { ${VIEW_FIELDS} } }`;
export const MOVE = `mutation($id: ID!, $move: JSON!) { submitMove(matchId: $id, move: $move) { ${VIEW_FIELDS} } }`;
export const READ = `query($id: ID!) { match(id: $id) { ${VIEW_FIELDS} } }`;

/** A REST POST as a player sends it (JSON body, bearer token); its JSON answer, or an error naming the status. */
export async function postJson(base: string, path: string, token?: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await response.json()) as any;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

// Placeholder: the embed page's script (replaced by the real client).
import { drawBoard } from "../boards/index.js";

const root = document.getElementById("tabula-embed")!;
const config = JSON.parse(root.dataset.config!) as { matchId: string; ruleset: string; graphql: string };
void fetch(`/api/matches/${encodeURIComponent(config.matchId)}`)
  .then((r) => r.json() as Promise<{ ruleset: string; state: never }>)
  .then((view) => {
    root.innerHTML = drawBoard(view.ruleset, view.state);
  });

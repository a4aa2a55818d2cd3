import { formatMeasurement, type Suite } from "./report.js";

/** `npm run bench [suite ...]`: runs every suite (or the named ones) and prints one line per figure. */
const SUITES: Record<string, () => Promise<{ suite: Suite }>> = {
  "backgammon-plays": () => import("./suites/backgammon-plays.js"),
  estafeta: () => import("./suites/estafeta.js"),
  "golnard-football": () => import("./suites/golnard-football.js"),
  gol: () => import("./suites/gol.js"),
  replay: () => import("./suites/replay.js"),
  views: () => import("./suites/views.js"),
  embed: () => import("./suites/embed.js"),
  webhooks: () => import("./suites/webhooks.js"),
  commands: () => import("./suites/commands.js"),
  bots: () => import("./suites/bots.js"),
  "vs-boardgameio": () => import("./suites/vs-boardgameio.js"),
  growth: () => import("./suites/growth.js"),
  http: () => import("./suites/http.js"),
  live: () => import("./suites/live.js"),
  "hot-match": () => import("./suites/hot-match.js"),
  lambda: () => import("./suites/lambda.js"),
  "lambda-warm": () => import("./suites/lambda-warm.js"),
  "rest-stores": () => import("./suites/rest-stores.js"),
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(SUITES);
for (const name of names) {
  const load = SUITES[name];
  if (!load) {
    console.error(`unknown suite ${name}; known: ${Object.keys(SUITES).join(", ")}`);
    process.exit(2);
  }
  const { suite } = await load();
  console.log(`# ${suite.name}`);
  for (const m of await suite.run()) console.log(formatMeasurement(m));
}

import { Server } from "boardgame.io/server";
import { DiceGame } from "./game.js";

/**
 * boardgame.io 0.50's own server (Koa + socket.io, InMemory storage: nothing durable), run in its
 * own process by the benchmark. Prints `listening <port>` once it accepts connections.
 */
const server = Server({ games: [DiceGame], origins: ["http://127.0.0.1", "http://localhost"] });
const { appServer } = await server.run({ port: 0, callback: () => {} });
const address = appServer.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);

import { availableParallelism } from "node:os";

/**
 * libuv's thread pool (LevelDB's reads and writes run there) is sized before it is first used:
 * one thread per core but the one the server's JavaScript runs on, at most libuv's default of 4,
 * unless UV_THREADPOOL_SIZE says otherwise. On a 2-core machine the default 4 threads contend
 * with the event loop for the cores, and a move's write waited on them: a pool of one thread
 * served 1.7x the commands per second (bench: vs-boardgameio, 10 matches).
 * Imported first by main.ts, before any module can queue work on the pool.
 */
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(1, Math.min(4, availableParallelism() - 1)));

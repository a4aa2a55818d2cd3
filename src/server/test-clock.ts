import { restError } from "../api/errors.js";
import { type HttpRequest, type HttpResponse, jsonResponse } from "../api/http.js";
import { readBody } from "../api/rest/routes.js";
import { parseInput } from "../api/parse-input.js";
import * as z from "../zod.js";

/** Where the test clock answers, on a server started with `--test-clock` only. */
export const TEST_CLOCK_PATH = "/test/clock";

/** At most this much time passes in one step: two months, more than any deadline and bank. */
const MAX_STEP_MINUTES = 60 * 24 * 61;

const Step = z.strictObject({ advanceMinutes: z.number().check(z.positive(), z.maximum(MAX_STEP_MINUTES)) });

/**
 * Time that a client may make pass, so that a correspondence client's timeout handling can be
 * tried without waiting days: the server's clock is the real one plus what was advanced. It only
 * moves forward, as a real clock does; every deadline, bank and invitation follows it, and each
 * step sweeps the overdue matches at once (as the deadline timer would). A server without
 * `--test-clock` has no such route (404), and the Lambda functions never have one. A step answers
 * the ids of the matches its sweep finished.
 */
export class TestClock {
  private offsetMs = 0;

  constructor(private readonly real: () => number = Date.now) {}

  readonly now = (): Date => new Date(this.real() + this.offsetMs);

  advance(minutes: number): void {
    this.offsetMs += Math.round(minutes * 60_000);
  }

  /** `GET /test/clock` tells the time; `POST /test/clock {"advanceMinutes": n}` moves it on, then `sweep()` runs. */
  async handle(request: HttpRequest, sweep: () => Promise<{ readonly finished: readonly string[] }>): Promise<HttpResponse> {
    const method = request.method.toUpperCase();
    if (method === "POST") {
      this.advance(parseInput(Step, readBody(request, "required"), "invalid request body").advanceMinutes);
      const { finished } = await sweep();
      return jsonResponse(200, { now: this.now().toISOString(), offsetMinutes: this.offsetMs / 60_000, finished });
    }
    if (method !== "GET" && method !== "HEAD") return restError({ code: "BAD_USER_INPUT", message: "use GET or POST", details: {} }, 405, { allow: "GET, HEAD, POST" });
    return jsonResponse(200, { now: this.now().toISOString(), offsetMinutes: this.offsetMs / 60_000 });
  }
}

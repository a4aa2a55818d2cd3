import { TabulaError } from "../../errors.js";
import type { TabulaService } from "../service.js";
import { checkBodySize } from "../body-limit.js";
import { restError, toPublicError } from "../errors.js";
import { headResponse, type HttpRequest, type HttpResponse } from "../http.js";
import { type Logger, silentLogger } from "../../logger.js";
import { decodePathSegment, route } from "./router.js";
import { HttpStatusError, REST_ROUTES } from "./routes.js";
import { conditionalRead } from "./entity-tags.js";
import { admit, type RateLimiter } from "../rate-limit.js";
import { OPERATIONS } from "../operations.js";
import { routeFields } from "../request-fields.js";

export interface RestDeps {
  readonly service: TabulaService;
  readonly logger?: Logger;
  /** Limits commands and new matches per caller (the local server's); none: unlimited. */
  readonly rateLimiter?: RateLimiter | undefined;
}

/**
 * The REST API as a function of a plain request: no node:http or Lambda types, so the local
 * server and an API Gateway handler share it. Errors become
 * `{"error": {"code", "message", ...details}}` with the code's HTTP status.
 */
export function createRestHandler(deps: RestDeps): (request: HttpRequest) => Promise<HttpResponse> {
  const logger = deps.logger ?? silentLogger;
  return async (request) => {
    const response = await answer(request);
    return request.method.toUpperCase() === "HEAD" ? headResponse(response) : response;
  };

  async function answer(request: HttpRequest): Promise<HttpResponse> {
    const tooLarge = checkBodySize(request.body);
    if (tooLarge) return restError(tooLarge);
    const found = route(REST_ROUTES, request.method.toUpperCase(), request.path);
    if (found.kind === "not-found") {
      return restError({ code: "NOT_FOUND", message: `no route ${request.method.toUpperCase()} ${request.path}`, details: {} });
    }
    if (found.kind === "method-not-allowed") {
      const allow = found.allow.join(", ");
      return restError({ code: "BAD_USER_INPUT", message: `${request.method.toUpperCase()} is not allowed here; use ${allow}`, details: { allow: found.allow } }, 405, { allow });
    }
    try {
      const params = Object.fromEntries(Object.entries(found.params).map(([name, raw]) => [name, decodePathSegment(raw)]));
      const kind = OPERATIONS[found.spec.operation].rateLimit;
      if (kind) admit(deps.rateLimiter, kind, request);
      return conditionalRead(request, await found.handler({ request, params, service: deps.service }));
    } catch (error) {
      if (error instanceof HttpStatusError) return restError(toPublicError(error, logger), error.status);
      // An unexpected error's line says which request, operation and match it is about.
      const about = { ...(request.requestId ? { requestId: request.requestId } : {}), ...routeFields(found.spec.operation, found.spec.path, found.params) };
      return restError(toPublicError(error, error instanceof TabulaError ? logger : logger.child(about)));
    }
  }
}

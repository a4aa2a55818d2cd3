import type { TabulaService } from "../../service/service.js";
import { type Auth, parseAuthorization } from "../auth.js";

/** Per request: the one service and the caller's bearer token (or why its header was refused). */
export interface GraphqlContext {
  readonly service: TabulaService;
  readonly auth: Auth;
}

export const createContext = (service: TabulaService, authorization: string | undefined): GraphqlContext => ({
  service,
  auth: parseAuthorization(authorization),
});

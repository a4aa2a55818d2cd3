import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/errors.js";
import { openApiDocument } from "../../src/api/rest/openapi.js";
import { REST_ROUTES } from "../../src/api/rest/routes.js";

const doc = openApiDocument() as unknown as {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown>; security?: unknown[] }>>;
  components: Record<string, Record<string, unknown>>;
};
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("describes exactly the routes of the router", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routed = REST_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual(routed.sort());
  });

  it("gives every operation a unique operationId, responses, and path parameters for its templates", () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        expect(ids.has(operation.operationId)).toBe(false);
        ids.add(operation.operationId);
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        const params = JSON.stringify((operation as { parameters?: unknown }).parameters ?? []);
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          const matchId = params.includes("#/components/parameters/MatchId");
          expect(matchId || params.includes(`"name":"${name}"`), `${path}: ${name}`).toBe(true);
        }
      }
    }
  });

  it("resolves every $ref", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const target = ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("lists the closed set of error codes and the bearer auth", () => {
    expect((doc.components.schemas as any).ErrorCode.enum).toEqual([...ERROR_CODES]);
    expect(doc.components.securitySchemes).toEqual({ bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }) });
    expect(doc.paths["/api/matches/{id}/moves"]?.post?.security).toEqual([{ bearerAuth: [] }]);
  });
});

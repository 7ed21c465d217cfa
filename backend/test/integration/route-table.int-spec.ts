import { ENDPOINTS, type Endpoint } from '@chapterwise/shared';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC, SESSION_ONLY } from '../../src/common/auth.decorators.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A route as both sides can state it: `GET /books/{id} session` (auth: none | bearer | session-only). */
type Route = string;

/** Pages for people, not calls of the API: the OpenAPI reader and the offline payment provider's checkout. */
const NOT_API_CALLS = new Set<Route>([
  'GET /docs none',
  'GET /docs/openapi.json none',
  'GET /docs/init.js none',
  'GET /docs/assets/{file} none',
  'GET /payments/test-checkout/{sessionId} none',
  'GET /payments/test-checkout/assets/checkout.js none',
  'POST /payments/test-checkout/{sessionId}/approve none',
  'POST /payments/test-checkout/{sessionId}/decline none',
]);

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Nest's route table, read from the controllers' metadata as the router registers it. */
function nestRoutes(testApp: TestApp): Route[] {
  const discovery = testApp.app.get(DiscoveryService);
  const scanner = testApp.app.get(MetadataScanner);
  const reflector = testApp.app.get(Reflector);
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) continue;
    const controllerPaths = [Reflect.getMetadata(PATH_METADATA, wrapper.metatype) as string | string[]].flat();
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (methodPath === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const targets = [handler, wrapper.metatype];
      const auth = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)
        ? 'none'
        : reflector.getAllAndOverride<string | undefined>(SESSION_ONLY, targets)
          ? 'session-only'
          : 'bearer';
      for (const base of controllerPaths) {
        for (const path of [methodPath].flat()) {
          const openApiPath = joinPath(base ?? '', path)
            .replace(/:(\w+)/g, '{$1}')
            .replace('{*', '{');
          routes.push(`${method} ${openApiPath} ${auth}`);
        }
      }
    }
  }
  return routes.filter((route) => !NOT_API_CALLS.has(route)).sort();
}

const contractRoutes = (): Route[] =>
  (ENDPOINTS as readonly Endpoint[])
    .map(
      (endpoint) =>
        `${endpoint.method.toUpperCase()} ${endpoint.path} ${!endpoint.auth ? 'none' : endpoint.sessionOnly ? 'session-only' : 'bearer'}`,
    )
    .sort();

describe('the route table', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it('is the contract: every route Nest serves is an endpoint of the shared list, with the same auth, and back', () => {
    expect(nestRoutes(testApp)).toEqual(contractRoutes());
  });

  it('names each endpoint once', () => {
    const routes = contractRoutes();
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });
});

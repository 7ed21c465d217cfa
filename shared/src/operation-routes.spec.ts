import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './contract.js';
import type { Endpoint } from './endpoint.js';
import { OPERATION_ROUTES, pathOf } from './operation-routes.js';

describe('OPERATION_ROUTES', () => {
  it('gives each named endpoint its method and path', () => {
    const fromContract = Object.fromEntries(
      (ENDPOINTS as readonly Endpoint[]).flatMap((endpoint) =>
        endpoint.operation ? [[endpoint.operation, [endpoint.method, endpoint.path]]] : [],
      ),
    );
    expect(OPERATION_ROUTES).toEqual(fromContract);
  });

  it('fills in and encodes path parameters, and refuses a missing one', () => {
    expect(pathOf('getBook', { id: 'a b' })).toBe('/books/a%20b');
    expect(() => pathOf('getBook')).toThrow('getBook needs the path parameter id');
  });
});

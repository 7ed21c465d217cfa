import { z } from 'zod';
import { ENDPOINTS } from './contract.js';
import type { Endpoint } from './endpoint.js';

type ListedEndpoint = (typeof ENDPOINTS)[number];

/** A call the typed client makes, by its name in the endpoint list. */
export type Operation = Extract<ListedEndpoint, { operation: string }>['operation'];

type EndpointOf<O extends Operation> = Extract<ListedEndpoint, { operation: O }>;
type SuccessStatus = 200 | 201 | 202 | 204 | 206;
type SuccessSchema<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends SuccessStatus
    ? E['responses'][S] extends { schema: infer Schema extends z.ZodType }
      ? Schema
      : never
    : never;
}[keyof E['responses']];

/** What a call answers when it succeeds, as its endpoint's success schemas describe it. */
export type OperationResult<O extends Operation> = z.infer<SuccessSchema<EndpointOf<O>>>;

const byOperation = new Map<string, Endpoint>(
  (ENDPOINTS as readonly Endpoint[]).flatMap((endpoint) =>
    endpoint.operation ? [[endpoint.operation, endpoint]] : [],
  ),
);
const successSchemas = new Map<string, z.ZodType>();

export function endpointOf(operation: Operation): Endpoint {
  const endpoint = byOperation.get(operation);
  if (!endpoint) throw new Error(`No endpoint named ${operation}`);
  return endpoint;
}

/** The schema a success answer is checked against: the union of the endpoint's 2xx schemas. */
export function successSchemaOf(operation: Operation): z.ZodType {
  let schema = successSchemas.get(operation);
  if (!schema) {
    schema = successSchemaOfEndpoint(endpointOf(operation));
    successSchemas.set(operation, schema);
  }
  return schema;
}

/** The union of an endpoint's 2xx schemas (anything, when it declares none). */
export function successSchemaOfEndpoint(endpoint: Endpoint): z.ZodType {
  const schemas = Object.entries(endpoint.responses)
    .filter(([status, response]) => Number(status) >= 200 && Number(status) < 300 && response.schema)
    .map(([, response]) => response.schema!);
  return schemas.length === 0 ? z.unknown() : schemas.length === 1 ? schemas[0]! : z.union(schemas);
}

import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Compiled code kept by what it was compiled from: the compiler's own settings and the
 * schema's text. The same text with the same settings compiles to the same code, whichever
 * app asks, and the schemas are the code's own, so the kept set is as large as the API.
 */
function keeping<Route, Compiled>(settings: string, compile: (route: Route) => Compiled, kept: Map<string, Map<string, Compiled>>) {
  const bySchema = kept.get(settings) ?? new Map<string, Compiled>();
  kept.set(settings, bySchema);
  return (route: Route): Compiled => {
    const text = JSON.stringify((route as { schema: unknown }).schema);
    const found = bySchema.get(text);
    if (found) return found;
    const compiled = compile(route);
    bySchema.set(text, compiled);
    return compiled;
  };
}

const validatorPool = AjvCompiler();
const keptValidators = new Map<string, Map<string, unknown>>();
const buildValidator = ((externalSchemas: Parameters<typeof validatorPool>[0], options: Parameters<typeof validatorPool>[1]) =>
  keeping(JSON.stringify([externalSchemas, options]), validatorPool(externalSchemas, options), keptValidators)) as ValidatorFactory;

const serializerPool = SerializerSelector();
const keptSerializers = new Map<string, Map<string, unknown>>();
const buildSerializer = ((externalSchemas, options) =>
  keeping(JSON.stringify([externalSchemas, options]), serializerPool(externalSchemas, options), keptSerializers)) as SerializerFactory;

/**
 * One set of schema compilers for every Fastify app of this process. Compiling the API's
 * schemas is most of what building an app costs: a server builds one app, but the tests build
 * hundreds, each of which compiled the same schemas again.
 */
export const sharedSchemaController: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: { buildValidator, buildSerializer },
};

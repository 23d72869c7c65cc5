import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unknownFields } from './unknown-fields.js';

/** What a field the body's schema does not take is answered with (after its name). */
export const UNKNOWN_FIELD_MESSAGE = '不接受此字段(未知,或不能在此修改)';

type Validate = ReturnType<FastifySchemaCompiler<z.ZodType>>;
type Issue = Record<string | symbol, unknown>;

/**
 * One issue as fastify-type-provider-zod makes it, with the marker the error handler recognises it by, taken
 * from a parse that fails: so an unknown field is reported exactly like any other invalid field.
 */
const issueTemplate: Issue = (() => {
  const result = validatorCompiler({ schema: z.never(), method: 'POST', url: '/', httpPart: 'body' })(0) as unknown as { error: Issue[] };
  return result.error[0];
})();

/**
 * The zod validator, and for request bodies one rule more: every key must be one the route's schema declares.
 * A write either does what it says or is refused, so a key that would otherwise be dropped silently (unknown,
 * misspelt, or not writable through this route) is a 400 naming it, with nothing changed. Query strings keep
 * zod's default: unknown parameters there are ignored, as links and bookmarks carry all sorts.
 */
export const strictBodyValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) => {
    const unknown = unknownFields(route.schema, data);
    if (!unknown.length) return validate(data);
    const issues = unknown.map((path) => ({
      ...issueTemplate,
      keyword: 'unrecognized_keys',
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/unrecognized_keys`,
      message: UNKNOWN_FIELD_MESSAGE,
      params: {},
    }));
    const rest = (validate(data) as unknown as { error?: Issue[] }).error ?? [];
    return { error: [...issues, ...rest] } as unknown as ReturnType<Validate>;
  };
};

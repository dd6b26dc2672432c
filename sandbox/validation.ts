/**
 * Body validation with the contract's zod/mini schemas, turning zod issues into readable field
 * messages (zod/mini's own messages are only "Invalid input").
 */
import type * as z from 'zod/mini';
import { validationFailed } from './errors.js';

type Issue = z.core.$ZodIssue;

/** Dot path of an issue; the body itself is `body`. */
function pathOf(issue: Issue): string {
  return issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  object: 'an object',
  array: 'an array',
  boolean: 'true or false',
};

function messageOf(issue: Issue, input: unknown): string {
  // A schema's own message (e.g. 'At least one author is required.') wins over ours.
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return 'Required.';
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'Required.' : `Must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return `Must have at least ${issue.minimum} item(s).`;
      return `Must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Must have at most ${issue.maximum} items.`;
      return `Must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Must be a valid e-mail address.';
      if (issue.format === 'url') return 'Must be a valid URL.';
      return `Must be a valid ${issue.format}.`;
    case 'invalid_value':
      return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown field(s): ${issue.keys.join(', ')}.`;
    case 'invalid_key':
      return 'Invalid key.';
    case 'invalid_element':
      return 'Invalid value.';
    default:
      return 'Invalid value.';
  }
}

/** Field messages for a failed parse, first message per path. */
export function fieldMessages(issues: readonly Issue[], input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = pathOf(issue);
    fields[path] ??= messageOf(issue, input);
  }
  return fields;
}

/** Parses `input` or throws 400 `validation_failed` with `details.fields`. */
export function parseBody<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationFailed(fieldMessages(result.error.issues, input));
}

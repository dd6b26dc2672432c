/**
 * Names that reach an object's machinery rather than its data. `fields.__proto__ = {...}` sets a
 * plain object's prototype, after which every field it lacks is read from the value sent; a JSON
 * or form key `constructor` or `prototype` can shadow what code expects there. Bodies holding
 * them, at any depth, are refused with 400 `validation_failed` naming the path.
 */
import { validationFailed } from './errors.js';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export function isReservedKey(name: string): boolean {
  return RESERVED.has(name);
}

/** The dot path of the first reserved key in a parsed JSON value, or null. Iterative: no depth limit to overflow. */
export function reservedKeyPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    // JSON.parse defines `__proto__` as an own property; Object.keys lists it.
    for (const key of Object.keys(v)) {
      const path = at === '' ? key : `${at}.${key}`;
      if (RESERVED.has(key)) return path;
      stack.push([(v as Record<string, unknown>)[key], path]);
    }
  }
  return null;
}

export function refuseReservedKey(path: string): never {
  throw validationFailed({ [path]: 'Not allowed as a field name.' });
}

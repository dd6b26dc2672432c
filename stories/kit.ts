/**
 * What every data element's stories share: the render function from args, and the four async
 * states (loading, empty, error, stale) shown through the scenario endpoints.
 */
import type { Args, StoryObj } from '@storybook/web-components-vite';
import { element } from './manifest.js';
import { scenarioEndpoint } from './scenarios.js';

export const render = (tag: string) => (args: Args) => element(tag, args);

/** One sentence under the story on the docs page. */
export const says = (text: string) => ({ docs: { description: { story: text } } });

export function asyncStates(what: string): Record<'Loading' | 'Empty' | 'Error' | 'Stale', StoryObj> {
  return {
    Loading: {
      name: 'States: loading',
      render: (args, ctx) => element(String(ctx.component), { ...args, endpoint: scenarioEndpoint('loading') }),
      parameters: says(
        `While ${what} load: a skeleton of the same size, marked busy, so nothing jumps when the data arrives.`,
      ),
    },
    Empty: {
      name: 'States: empty',
      render: (args, ctx) => element(String(ctx.component), { ...args, endpoint: scenarioEndpoint('empty') }),
      parameters: says(
        `The API answers an empty list: the element says there is nothing yet instead of staying blank.`,
      ),
    },
    Error: {
      name: 'States: error',
      render: (args, ctx) => element(String(ctx.component), { ...args, endpoint: scenarioEndpoint('error') }),
      parameters: says(
        `The sandbox answers 503 (its \`Prefer: code=503\` scenario): the server's own message and a retry button.`,
      ),
    },
    Stale: {
      name: 'States: stale',
      render: (args, ctx) =>
        element(String(ctx.component), { ...args, refresh: 3, endpoint: scenarioEndpoint('stale') }),
      parameters: says(
        `The first load succeeds, the refresh three seconds later fails: the last good ${what} stay, marked stale, with a retry.`,
      ),
    },
  };
}

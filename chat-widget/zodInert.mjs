// Stands in for zod in widget.js only (webpack alias). The widget imports
// CHAT_API and CHAT_ERROR_CODES from @agentflow/shared/chat, whose api.ts
// also builds the routes' request schemas at load: with real zod that is
// +23 kB gzip (32 kB instead of 9) of code the widget never runs. Here every
// schema is built from one inert object, and any attempt to parse with one
// throws, so a widget that starts validating with zod fails loudly.
// Drop this once the routes and codes sit in a zod-free module of the domain.
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode']);

const inert = new Proxy(function inertSchema() {}, {
  get: (_target, key) => {
    if (key === Symbol.toPrimitive) return () => '';
    if (PARSERS.has(key)) {
      return () => {
        throw new Error('zod is not bundled in the chat widget (chat-widget/zodInert.mjs)');
      };
    }
    return inert;
  },
  apply: () => inert,
});

export const z = inert;
export const NEVER = inert;
export default inert;

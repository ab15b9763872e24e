import type { Plugin } from 'vite';

/**
 * Renders React islands with renderToString instead of a web stream. @astrojs/react
 * streams each island through renderToReadableStream and decodes the stream back into a string;
 * its `experimentalDisableStreaming` option renders with renderToString instead, but forgets the
 * island's identifierPrefix, so two islands on one page would give their useId()s the same ids
 * (and the ids would no longer match what hydration computes). This passes the prefix along.
 * A build's output is byte for byte the same as with streaming (no island suspends while it
 * renders on the server), without a ReadableStream, its reader and a TextDecoder per island.
 *
 * If a new @astrojs/react renders differently, the build stops here rather than quietly going
 * back to the slower path or losing the prefixes.
 */
const WITHOUT_PREFIX = 'ReactDOM.renderToString(vnode)';
const WITH_PREFIX = 'ReactDOM.renderToString(vnode, renderOptions)';

export function reactRenderToString(): Plugin {
  return {
    name: 'forkful:react-render-to-string',
    transform: {
      filter: { id: /@astrojs[\\/]react[\\/]dist[\\/]server\.js$/ },
      handler(code) {
        if (!code.includes(WITHOUT_PREFIX))
          throw new Error(
            `@astrojs/react's server renderer changed: "${WITHOUT_PREFIX}" is gone (src/integrations/react-render-to-string.ts)`,
          );
        return { code: code.replace(WITHOUT_PREFIX, WITH_PREFIX), map: null };
      },
    },
  };
}

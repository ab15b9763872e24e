import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:settled` (src/integrations/client-settled.ts). */
export function settledDirective(): AstroIntegration {
  return {
    name: 'forkful:client-settled',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'settled',
          entrypoint: fileURLToPath(new URL('./client-settled.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:settled'?: boolean;
  }
}

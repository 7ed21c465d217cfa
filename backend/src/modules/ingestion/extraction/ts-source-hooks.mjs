// Lets the extraction child run from TypeScript sources (tests, `src` checkouts) under Node's type stripping:
// relative `./x.js` imports resolve to `./x.ts` when only the source exists. The compiled build never uses it.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (!existsSync(new URL(specifier, context.parentURL)) && existsSync(fileURLToPath(source))) {
        return nextResolve(source.href, context);
      }
    }
    return nextResolve(specifier, context);
  },
});

import type { Plugin } from 'vite';

const DASHBOARD_SOURCE = /[\\/]dashboard[\\/]src[\\/]/;

/**
 * The dashboard's own modules that the entry imports, directly or through others (a route's page, imported lazily,
 * is not among them): every visit runs them. Read from the module graph once it is built, for the codeSplitting group
 * that puts them in one file (vite.config.ts), where a first visit on HTTP/1.1 fetched them as seven pieces, some
 * merged with code of other pages. The shared package is left out: its barrel imports every schema, so through it the
 * entry would seem to import the schemas that only some pages use.
 */
export function modulesOfTheEntry(): { plugin: Plugin; has: (id: string) => boolean } {
  const ofTheEntry = new Set<string>();
  return {
    has: (id) => ofTheEntry.has(id),
    plugin: {
      name: 'chapterwise:modules-of-the-entry',
      apply: 'build',
      buildEnd() {
        ofTheEntry.clear();
        const visit = (id: string) => {
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
            if (ofTheEntry.has(imported) || !DASHBOARD_SOURCE.test(imported)) continue;
            ofTheEntry.add(imported);
            visit(imported);
          }
        };
        // The entry is index.html, which imports src/main.tsx.
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
      },
    },
  };
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { modulesOfTheEntry } from './entry-modules.plugin.js';

const SRC = '/repo/dashboard/src';

/** A module graph as rolldown reports it once built: per module, whether it is an entry and its static imports. */
function graphed(modules: Record<string, { isEntry?: boolean; importedIds?: string[] }>) {
  const entryModules = modulesOfTheEntry();
  const buildEnd = entryModules.plugin.buildEnd as unknown as (this: unknown) => void;
  buildEnd.call({
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => (modules[id] ? { isEntry: false, importedIds: [], ...modules[id] } : null),
  });
  return entryModules.has;
}

describe('modulesOfTheEntry', () => {
  const has = graphed({
    '/repo/dashboard/index.html': { isEntry: true, importedIds: [`${SRC}/main.tsx`] },
    [`${SRC}/main.tsx`]: { importedIds: [`${SRC}/app.tsx`, '/repo/node_modules/react/index.js'] },
    [`${SRC}/app.tsx`]: { importedIds: [`${SRC}/router.tsx`, '/repo/shared/src/index.ts'] },
    // The route tree imports each route file; its page comes lazily (not a static import).
    [`${SRC}/router.tsx`]: { importedIds: [`${SRC}/routes/index.tsx`, `${SRC}/app.tsx`] },
    [`${SRC}/routes/index.tsx`]: { importedIds: [] },
    [`${SRC}/features/reader/reader-page.tsx`]: { importedIds: [`${SRC}/lib/cn.ts`] },
    [`${SRC}/lib/cn.ts`]: {},
    '/repo/shared/src/index.ts': { importedIds: ['/repo/shared/src/schemas/studio.schema.ts', `${SRC}/lib/cn.ts`] },
    '/repo/shared/src/schemas/studio.schema.ts': {},
    '/repo/node_modules/react/index.js': {},
  });

  it("takes the dashboard's modules the entry imports, through one another and round an import cycle", () => {
    for (const file of ['main.tsx', 'app.tsx', 'router.tsx', 'routes/index.tsx'])
      expect(has(`${SRC}/${file}`)).toBe(true);
  });

  it('leaves out the pages no static import reaches, the shared package (nor what its barrel imports) and libraries', () => {
    expect(has(`${SRC}/features/reader/reader-page.tsx`)).toBe(false);
    expect(has(`${SRC}/lib/cn.ts`)).toBe(false);
    expect(has('/repo/shared/src/index.ts')).toBe(false);
    expect(has('/repo/shared/src/schemas/studio.schema.ts')).toBe(false);
    expect(has('/repo/node_modules/react/index.js')).toBe(false);
    expect(has('/repo/dashboard/index.html')).toBe(false);
  });
});

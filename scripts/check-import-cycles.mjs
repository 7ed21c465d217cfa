#!/usr/bin/env node
// Import circles, type-only imports included: import-x/no-cycle in `eslint .` skips `import type`, yet a type
// that two modules share through each other still ties them into one (issue 42). Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['shared/src', 'backend/src', 'backend/test', 'dashboard/src', 'dashboard/e2e', 'extension'];
const SKIPPED = new Set(['node_modules', 'dist', '.output', '.wxt', 'coverage']);
const WORKSPACE_PACKAGES = { '@chapterwise/shared': join(root, 'shared/src/index.ts') };
// The extension's `@/…` is its own folder (WXT's path alias).
const ALIASES = [{ prefix: '@/', dir: join(root, 'extension') }];

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveFile(base) {
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The source file an import names, or null for packages outside the repository. */
function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  if (specifier in WORKSPACE_PACKAGES) return WORKSPACE_PACKAGES[specifier];
  const alias = ALIASES.find(({ prefix, dir }) => specifier.startsWith(prefix) && from.startsWith(dir));
  return alias ? resolveFile(join(alias.dir, specifier.slice(alias.prefix.length))) : null;
}

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir)));
const imports = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => resolveImport(file, fileName)).filter(Boolean);
    return [file, [...new Set(targets)]];
  }),
);

// Tarjan's strongly connected components: every module of a component reaches every other one.
function components() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (imports.get(file) ?? []).includes(file)) found.push(component);
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One circle through the component, from its first module back to it, to show where to cut. */
function circleIn(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const seen = new Set();
  const path = [];
  const walk = (file) => {
    path.push(file);
    seen.add(file);
    for (const target of imports.get(file) ?? []) {
      if (target === start) return true;
      if (members.has(target) && !seen.has(target) && walk(target)) return true;
    }
    path.pop();
    return false;
  };
  walk(start);
  return [...path, start];
}

const circles = components();
if (circles.length === 0) {
  console.log(`Import cycles: none in ${files.length} files.`);
} else {
  console.error(`Import cycles: ${circles.length} (type-only imports count too):`);
  for (const component of circles) {
    console.error(
      `  ${circleIn(component)
        .map((file) => relative(root, file))
        .join('\n    -> ')}`,
    );
    if (component.length > 2) console.error(`    (${component.length} modules in this knot)`);
  }
  process.exit(1);
}

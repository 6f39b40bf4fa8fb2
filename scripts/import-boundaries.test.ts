// The layout's import rules (README "What each part does": contracts imports nothing of ours, server
// and web import contracts, a feature never reaches into another), checked over every source file: a piece two features need moves to components/, lib/ or contracts/rules instead of being reached into.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every import of a file: the specifier, and the repo-relative path it resolves to when relative. */
function importsOf(file: string): { spec: string; target: string | null }[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(([, spec]) => ({
    spec: spec!,
    target: spec!.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), spec!)) : null,
  }));
}

type Rule = (from: string, imp: { spec: string; target: string | null }) => string | null;

function violations(dirs: string[], rule: Rule): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(path.join(ROOT, dir)).flatMap((file) => {
      const from = path.relative(ROOT, file);
      return importsOf(file).flatMap((imp) => {
        const why = rule(from, imp);
        return why ? [`${from} imports ${imp.spec}: ${why}`] : [];
      });
    }),
  );
}

/** The first folder under `base` of a repo-relative path, or null when the path is not under it. */
const areaOf = (p: string, base: string) =>
  p.startsWith(`${base}/`) ? p.slice(base.length + 1).split('/')[0]! : null;

describe('import boundaries', () => {
  it('contracts import neither server nor web; server and web never import each other', () => {
    const crosses: Rule = (from, { spec, target }) => {
      const side = from.split('/')[0];
      const to = target?.split('/')[0] ?? (spec.startsWith('@itms/') ? spec.slice(6).split('/')[0] : null);
      if (!to || to === side || to === 'contracts') return null;
      return `${side} may only import contracts`;
    };
    expect(violations(['contracts/src', 'server/src', 'web/src'], crosses)).toEqual([]);
  });

  it('a web feature never imports another feature; components, lib and the field app import no feature', () => {
    const rule: Rule = (from, { target }) => {
      const to = target && areaOf(target, 'web/src/features');
      // app/ (the router) is the one place that assembles the features
      if (!to || from.startsWith('web/src/app/')) return null;
      const own = areaOf(from, 'web/src/features');
      if (own === to) return null;
      return own
        ? 'features do not import each other'
        : 'shared code and the field app do not import features';
    };
    expect(violations(['web/src'], rule)).toEqual([]);
  });

  it('a server module reaches another only through its services, never its routes or queries; lib imports no module', () => {
    const rule: Rule = (from, { target }) => {
      const to = target && areaOf(target, 'server/src/modules');
      if (!to) return null;
      const own = areaOf(from, 'server/src/modules');
      if (!own) return from.startsWith('server/src/lib/') ? 'lib is below the modules' : null;
      if (own === to) return null;
      return /\.(routes|queries)$/.test(target!)
        ? "another module's routes and queries are its internals"
        : null;
    };
    expect(violations(['server/src'], rule)).toEqual([]);
  });
});

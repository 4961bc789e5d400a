/**
 * The layout check of test/layout/stages.test.ts, as functions of an import graph (file → the
 * files it imports), so the check itself is tested on graphs made to fail it.
 */

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Each import of a file from a later stage than its own, as `from → to`. */
export function upwardImports(graph: ImportGraph, stageOf: (file: string) => number): string[] {
  return [...graph].flatMap(([file, targets]) => targets.filter((target) => stageOf(target) > stageOf(file)).map((target) => `${file} → ${target}`));
}

/** Each circle of imports, as the files around it, first one repeated at the end. */
export function importCircles(graph: ImportGraph): string[] {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return circles;
}

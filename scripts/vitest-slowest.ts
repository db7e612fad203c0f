import type { Reporter, TestModule } from 'vitest/node';

/**
 * Names the slowest test files and tests of a Vitest run at its end, after the
 * default reporter's summary: the `count` slowest files by the time of their tests and hooks (the
 * figure the default reporter prints beside each file; its import time beside it), and the `count`
 * slowest tests. A file of a project in `unitProjects` over `unitFileMs` is marked: no unit test
 * file may take longer (the server's integration files start apps and servers and are not held to it).
 */
export class SlowestReporter implements Reporter {
  constructor(private readonly opts: { count: number; unitProjects: readonly string[]; unitFileMs: number }) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules
      .map((m) => ({ m, d: m.diagnostic() }))
      .sort((a, b) => b.d.duration - a.d.duration)
      .slice(0, this.opts.count);
    const tests = testModules
      .flatMap((m) => [...m.children.allTests()])
      .map((t) => ({ t, ms: t.diagnostic()?.duration ?? 0 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, this.opts.count);
    if (files.length === 0) return;
    const lines = [`\n${files.length} slowest test files (tests and hooks; import):`];
    for (const { m, d } of files) {
      const project = m.project.name;
      const over =
        this.opts.unitProjects.includes(project) && d.duration > this.opts.unitFileMs
          ? `  OVER the ${this.opts.unitFileMs / 1000} s bound of a unit test file`
          : '';
      lines.push(
        `  ${seconds(d.duration)}  ${seconds(d.collectDuration)}  [${project}] ${m.moduleId.replace(`${process.cwd()}/`, '')}${over}`,
      );
    }
    lines.push(`${tests.length} slowest tests:`);
    for (const { t, ms } of tests)
      lines.push(`  ${seconds(ms)}  [${t.project.name}] ${t.module.moduleId.split('/').pop()} > ${t.fullName}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1).padStart(6)} s`;
}

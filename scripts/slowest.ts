// Where `npm test`'s time goes and what failed: the wall time of each phase, the 15 slowest tests of the run and
// every failed test, across Vitest (its JSON reports) and Playwright (test-results/e2e-report.json).
//   node scripts/slowest.ts --reset                    forgets the phases of an earlier run
//   node scripts/slowest.ts phase <name> <command…>   runs the command and records how long it took
//   node scripts/slowest.ts                            prints the phases and the slowest tests of this run
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const results = path.join(root, "test-results");
const phasesFile = path.join(results, "phases.json");

/** The reports `npm test` writes: Vitest's two runs, and Playwright's. */
export const REPORTS = {
  vitest: path.join(results, "vitest-report.json"),
  system: path.join(results, "system-report.json"),
  playwright: path.join(results, "e2e-report.json"),
};

interface Phase {
  name: string;
  ms: number;
  ok: boolean;
}

interface Run {
  /** When `--reset` began this run: reports older than that are from an earlier one. */
  started: number;
  phases: Phase[];
}

function readRun(): Run {
  return existsSync(phasesFile)
    ? (JSON.parse(readFileSync(phasesFile, "utf8")) as Run)
    : { started: 0, phases: [] };
}

function writeRun(run: Run): void {
  mkdirSync(results, { recursive: true });
  writeFileSync(phasesFile, JSON.stringify(run, null, 2));
}

/** Adds a phase to this run's list (scripts/e2e.ts records its build, Playwright and system runs). */
export function recordPhase(name: string, ms: number, ok: boolean): void {
  const run = readRun();
  writeRun({ ...run, phases: [...run.phases, { name, ms: Math.round(ms), ok }] });
}

interface Timed {
  ms: number;
  where: string;
  name: string;
}

interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: {
      fullName: string;
      duration?: number | null;
      status: string;
      failureMessages?: string[];
    }[];
  }[];
}

interface Failed {
  where: string;
  name: string;
  message: string;
}

/** The first lines of an error, enough to tell a failure from another at the end of a long log. */
const firstLines = (text: string) => text.split("\n").slice(0, 6).join("\n    ");

function vitestFailures(file: string, label: string): Failed[] {
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  return report.testResults.flatMap((f) => {
    const where = `${label} ${path.relative(root, f.name)}`;
    const failed = f.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => ({ where, name: t.fullName, message: firstLines((t.failureMessages ?? []).join("\n")) }));
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    return failed.length > 0 || f.status !== "failed"
      ? failed
      : [{ where, name: "(the file)", message: firstLines(f.message ?? "") }];
  });
}

function vitestTests(file: string, label: string): Timed[] {
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  return report.testResults.flatMap((f) =>
    f.assertionResults.map((t) => ({
      ms: t.duration ?? 0,
      where: `${label} ${path.relative(root, f.name)}`,
      name: t.fullName,
    })),
  );
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests: { status: string; results: { duration: number; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

function playwrightTests(file: string): Timed[] {
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[] };
  const walk = (suite: PlaywrightSuite, titles: string[], specFile: string): Timed[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((t) =>
        // Every attempt counts: a retried test cost the run all its attempts.
        t.results.map((r) => ({
          ms: r.duration,
          where: `playwright ${specFile}`,
          name: [...titles, spec.title].join(" › "),
        })),
      ),
    ),
    ...(suite.suites ?? []).flatMap((s) => walk(s, [...titles, s.title], specFile)),
  ];
  return report.suites.flatMap((s) => walk(s, [], `tests/e2e/${s.file ?? s.title}`));
}

function playwrightFailures(file: string): Failed[] {
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[] };
  const walk = (suite: PlaywrightSuite, titles: string[], specFile: string): Failed[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === "unexpected")
        .map((t) => ({
          where: `playwright ${specFile}`,
          name: [...titles, spec.title].join(" › "),
          message: firstLines(t.results.at(-1)?.error?.message ?? ""),
        })),
    ),
    ...(suite.suites ?? []).flatMap((s) => walk(s, [...titles, s.title], specFile)),
  ];
  return report.suites.flatMap((s) => walk(s, [], `tests/e2e/${s.file ?? s.title}`));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function print(): void {
  const { started, phases } = readRun();
  const fresh = (file: string) => existsSync(file) && statSync(file).mtimeMs >= started;
  const tests = [
    ...(fresh(REPORTS.vitest) ? vitestTests(REPORTS.vitest, "vitest") : []),
    ...(fresh(REPORTS.system) ? vitestTests(REPORTS.system, "system") : []),
    ...(fresh(REPORTS.playwright) ? playwrightTests(REPORTS.playwright) : []),
  ].sort((a, b) => b.ms - a.ms);
  console.log("\nPhases (wall time):");
  for (const p of phases) console.log(`  ${seconds(p.ms).padStart(8)}  ${p.name}${p.ok ? "" : "  (failed)"}`);
  console.log(`\nThe 15 slowest of ${tests.length} tests:`);
  for (const t of tests.slice(0, 15)) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.where} › ${t.name}`);
  // Playwright and the system project print side by side, so a failure can scroll far up: name each one last.
  const failed = [
    ...(fresh(REPORTS.vitest) ? vitestFailures(REPORTS.vitest, "vitest") : []),
    ...(fresh(REPORTS.system) ? vitestFailures(REPORTS.system, "system") : []),
    ...(fresh(REPORTS.playwright) ? playwrightFailures(REPORTS.playwright) : []),
  ];
  if (failed.length === 0) {
    // Vitest exits 1 on an error outside any test (an unhandled rejection) while its report says every test passed.
    if (phases.some((p) => !p.ok))
      console.log(
        "\nNo test failed: the failed phase went wrong outside its tests (an unhandled error, a crash, a timeout). Its\n" +
          'output above says which: look for "Unhandled" or "Error".',
      );
    return;
  }
  console.log(`\n${failed.length} failed:`);
  for (const f of failed) console.log(`  ${f.where} › ${f.name}\n    ${f.message}`);
}

if (import.meta.main) {
  const [command, name, ...rest] = process.argv.slice(2);
  if (command === "--reset") {
    writeRun({ started: Date.now(), phases: [] });
  } else if (command === "phase" && name && rest.length > 0) {
    const began = performance.now();
    const [program = "", ...args] = rest;
    const run = spawnSync(program, args, { cwd: root, stdio: "inherit" });
    recordPhase(name, performance.now() - began, run.status === 0);
    // `npm test` stops at the first failed phase, so that phase prints the summary the last step would have.
    if (run.status !== 0) print();
    process.exit(run.status ?? 1);
  } else if (command === undefined) {
    print();
  } else {
    console.error("usage: slowest.ts [--reset | phase <name> <command…>]");
    process.exit(2);
  }
}

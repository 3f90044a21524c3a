import { afterEach } from 'vitest';
import { consoleReport, takeConsoleProblems } from './harness';

// Every journey's test fails when a page logged a console error or threw an uncaught exception
// while it ran (support/harness.ts watches each page; expectRefusal allows a provoked refusal).
afterEach(() => {
  const lines = takeConsoleProblems();
  if (lines.length > 0) throw new Error(consoleReport(lines));
});

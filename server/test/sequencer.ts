import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start server processes, fresh data folders or backups take 25-150 s each, far more than any other:
 * they start first, whatever their engine, so the run does not end waiting on one of them while the other worker
 * idles (docs/performance.md, "Test suite time"). Otherwise vitest's own order.
 */
const slow = [/startup\./, /processes\./, /outage\./, /moving\./, /backup\.test/, /engine\/thread\.test/];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSlow = (file: TestSpecification) => slow.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(isSlow), ...sorted.filter((file) => !isSlow(file))];
  }
}

import { noopMetrics } from '@rxkube/queue';
import { ConnectionError, type InformerError } from './errors.js';
import { InformerSeries } from './informerSeries.js';
import type { InformerStatus } from './informerStatus.js';
import { InformerTelemetry } from './informerTelemetry.js';
import { silentLogger } from './logger.js';

const context = { resource: 'pods', resourceVersion: '7' };

describe('InformerTelemetry', () => {
  it('publishes a failure as one status$ value, counted in the metrics, before errors$ has it', () => {
    const telemetry = new InformerTelemetry(
      'pods',
      silentLogger,
      new InformerSeries(noopMetrics, 'pods'),
      () => 5_000,
    );
    const statuses: { status: InformerStatus; counted: number | undefined }[] = [];
    telemetry.status.subscribe((status) =>
      statuses.push({ status, counted: telemetry.counters.errors.connection }),
    );
    const seenOnErrors: { error: InformerError; lastError: InformerError | undefined }[] = [];
    telemetry.errors.subscribe((error) =>
      seenOnErrors.push({ error, lastError: telemetry.status.value.lastError }),
    );

    const first = new ConnectionError('list', context, new Error('refused'));
    const second = new ConnectionError('watch', context, new Error('reset'));
    telemetry.report(first);
    telemetry.reportReflectorError(second);
    telemetry.close();

    // The initial status, then one value per failure: the error, its time, and its count.
    expect(statuses.slice(1)).toEqual([
      { status: expect.objectContaining({ lastError: first, lastErrorAt: 5_000 }), counted: 1 },
      { status: expect.objectContaining({ lastError: second, lastErrorAt: 5_000 }), counted: 2 },
    ]);
    // A subscriber to errors$ that reads the status finds the failure already there.
    expect(seenOnErrors).toEqual([
      { error: first, lastError: first },
      { error: second, lastError: second },
    ]);
  });
});

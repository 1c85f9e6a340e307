import { withinTestTimeout } from '../testSupport/boundedRun.testing.js';
import { TokenScrubber } from './tokenScrubber.js';
import { upstreamStatus } from './upstreamStatus.js';

describe('upstreamStatus', () => {
  it("cleans a hostile Status message in linear time, the token's removal and patterns both", () => {
    // A run of scheme characters made every word in it a place to rescan the run from.
    const message = '-p'.repeat(128 * 1024);
    const body = JSON.stringify({ kind: 'Status', message, reason: message, code: 500 });
    const status = withinTestTimeout(() =>
      upstreamStatus(500, body, new TokenScrubber(['kube+Token/0123456789'])),
    );
    expect(status.message).toBe(message);
  });
});

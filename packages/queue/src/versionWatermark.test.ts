import { VersionWatermark } from './versionWatermark.js';

describe('VersionWatermark', () => {
  it('is the version of the last input all of whose predecessors are applied, whatever the pop order', () => {
    const watermark = new VersionWatermark();
    watermark.wrote('4', []);
    watermark.wrote('5', ['a']);
    watermark.wrote('6', ['b']);
    watermark.wrote('7', ['a']); // coalesced with a@5
    expect(watermark.resourceVersion).toBe('4');
    watermark.applying('a'); // a@5 and a@7 together
    expect(watermark.resourceVersion).toBe('5');
    watermark.applying('b');
    expect(watermark.resourceVersion).toBe('7');
  });

  it('orders nothing: a key queued later can hold back no earlier version', () => {
    const watermark = new VersionWatermark();
    watermark.wrote('x', ['a']);
    watermark.wrote('y', ['b']);
    watermark.applying('b');
    expect(watermark.resourceVersion).toBeUndefined();
    watermark.applying('a');
    expect(watermark.resourceVersion).toBe('y');
  });

  it('lets inputs without a version (resyncs) and bookmarks through, and survives a long backlog', () => {
    const watermark = new VersionWatermark();
    watermark.wrote('1', ['k0']);
    for (let i = 1; i < 5000; i++) watermark.wrote(String(i + 1), [`k${i}`]);
    watermark.wrote(undefined, ['k0']);
    watermark.wrote('bookmark', []);
    for (let i = 0; i < 4999; i++) {
      watermark.applying(`k${i}`);
      expect(watermark.resourceVersion).toBe(String(i + 1));
    }
    watermark.applying('k4999');
    expect(watermark.resourceVersion).toBe('bookmark');
  });

  it('holds the version back again for a key written anew after it was applied', () => {
    const watermark = new VersionWatermark();
    watermark.wrote('1', ['a']);
    watermark.wrote('2', ['b']);
    watermark.applying('a');
    watermark.wrote('3', ['a']); // queued again, behind b
    expect(watermark.resourceVersion).toBe('1');
    watermark.applying('b');
    expect(watermark.resourceVersion).toBe('2');
    watermark.applying('a');
    expect(watermark.resourceVersion).toBe('3');
  });

  it('follows keys that come back while the queue never empties, over thousands of inputs', () => {
    const watermark = new VersionWatermark();
    // Ten keys in rotation, each written once more before the oldest is applied: the queue
    // always holds nine keys, and every key is written again right after it was applied.
    for (let i = 0; i < 9; i++) watermark.wrote(String(i + 1), [`k${i}`]);
    for (let i = 9; i < 5000; i++) {
      watermark.wrote(String(i + 1), [`k${i % 10}`]);
      watermark.applying(`k${(i - 9) % 10}`);
      // Inputs 1..i-8 are applied; input i-7 (its key still queued) is not.
      expect(watermark.resourceVersion).toBe(String(i - 8));
    }
  });
});

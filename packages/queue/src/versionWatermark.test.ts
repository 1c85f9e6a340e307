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
});

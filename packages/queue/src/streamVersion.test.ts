import { StreamVersion } from './streamVersion.js';

describe('StreamVersion', () => {
  it('reaches an input’s version once its changes and all before are applied', () => {
    const v = new StreamVersion();
    v.wrote('5', ['a']);
    v.wrote('6', ['b']);
    v.wrote('7', ['a']); // a again: a change of its own, behind b's
    expect(v.resourceVersion).toBeUndefined();
    v.applying('a');
    expect(v.resourceVersion).toBe('5');
    v.applying('b');
    expect(v.resourceVersion).toBe('6');
    v.applying('a');
    expect(v.resourceVersion).toBe('7');
  });

  it('reaches a list’s version only after its last change', () => {
    const v = new StreamVersion();
    v.wrote('10', ['gone', 'a', 'b']);
    v.applying('gone');
    v.applying('a');
    expect(v.resourceVersion).toBeUndefined();
    v.applying('b');
    expect(v.resourceVersion).toBe('10');
  });

  it('moves at once for an input that queued nothing, after the queued ones otherwise', () => {
    const v = new StreamVersion();
    v.wrote('3', []);
    expect(v.resourceVersion).toBe('3');
    v.wrote('4', ['a']);
    v.wrote('9', []); // a bookmark behind a's change
    expect(v.resourceVersion).toBe('3');
    v.applying('a');
    expect(v.resourceVersion).toBe('9');
  });

  it('keeps the version through a resync, whose changes carry none', () => {
    const v = new StreamVersion();
    v.wrote('4', ['a']);
    v.wrote(undefined, ['a', 'b']);
    v.wrote('8', ['c']);
    v.applying('a');
    expect(v.resourceVersion).toBe('4');
    v.applying('a');
    v.applying('b');
    expect(v.resourceVersion).toBe('4');
    v.applying('c');
    expect(v.resourceVersion).toBe('8');
  });
});

import { browsableHost } from './browsableHost.js';

describe('browsableHost', () => {
  it('names loopback of the same family for a wildcard bind, which browsers refuse', () => {
    expect(['0.0.0.0', '::', '0:0:0:0:0:0:0:0', '::0'].map(browsableHost)).toEqual([
      { host: '127.0.0.1', everyInterface: true },
      { host: '[::1]', everyInterface: true },
      { host: '[::1]', everyInterface: true },
      { host: '[::1]', everyInterface: true },
    ]);
  });

  it('keeps any other address, bracketing IPv6', () => {
    expect(['127.0.0.1', '192.168.1.5', '::1', 'fe80::1', 'dash.local'].map(browsableHost)).toEqual(
      [
        { host: '127.0.0.1', everyInterface: false },
        { host: '192.168.1.5', everyInterface: false },
        { host: '[::1]', everyInterface: false },
        { host: '[fe80::1]', everyInterface: false },
        { host: 'dash.local', everyInterface: false },
      ],
    );
  });
});

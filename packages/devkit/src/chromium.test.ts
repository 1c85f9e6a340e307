import { launchChromium } from './chromium.js';

// Browser tests must fail fast with one clear message when no browser can start,
// never hang (they once did: a failed launch left the servers of beforeEach running).
describe('launchChromium', () => {
  const saved = process.env['RXKUBE_CHROMIUM'];
  afterEach(() => {
    if (saved === undefined) delete process.env['RXKUBE_CHROMIUM'];
    else process.env['RXKUBE_CHROMIUM'] = saved;
  });

  it('names the prerequisite when the chosen browser is missing', async () => {
    process.env['RXKUBE_CHROMIUM'] = '/nonexistent/chromium';
    await expect(launchChromium()).rejects.toThrow(
      /No Chromium.*@sparticuz\/chromium.*RXKUBE_CHROMIUM/,
    );
  });

  it('rejects, naming the binary, when the browser does not start', async () => {
    process.env['RXKUBE_CHROMIUM'] = '/bin/false';
    await expect(launchChromium()).rejects.toThrow(/Chromium at \/bin\/false did not start/);
  });

  it('starts a browser from the project itself when nothing is chosen', async () => {
    delete process.env['RXKUBE_CHROMIUM'];
    const browser = await launchChromium();
    try {
      await browser.page.setContent('<p id="x">ready</p>');
      expect(await browser.page.textContent('#x')).toBe('ready');
    } finally {
      await browser.close();
    }
  });
});

// Which proxy the desktop app takes for a remote: Chromium's answer for the remote's URL (through
// the fake electron's session, which resolves by Electron's rules), its credentials from the
// environment's variables when they name the same proxy.
import { describe, expect, it } from 'vitest';
import { proxyFromPac, systemProxy } from '../../main/electron/system-proxy.js';
import { ProxySettingError } from '../../main/sync/network.js';
import { createFakeElectron } from '../support/fake-electron.cjs';

function readyElectron(settings?: { proxyRules: string; proxyBypassRules?: string }) {
  const { electron, control } = createFakeElectron();
  control.ready();
  control.systemProxy = settings;
  return electron.session.defaultSession;
}

describe('a PAC answer', () => {
  const url = new URL('https://plandesk.agency.example/api');
  it.each([
    ['DIRECT', undefined],
    ['', undefined],
    ['PROXY proxy.corp:3128', 'http://proxy.corp:3128/'],
    ['PROXY proxy.corp:3128; DIRECT', 'http://proxy.corp:3128/'],
    ['HTTPS secure.corp:443', 'https://secure.corp/'],
    ['SOCKS5 socks.corp:1080', 'socks5://socks.corp:1080'],
    ['SOCKS4 old.corp:1080; PROXY proxy.corp:8080', 'http://proxy.corp:8080/'],
  ])('%j: %s', (answer, proxy) => {
    expect(proxyFromPac(answer, url)).toBe(proxy);
  });

  it('naming nothing PlanDesk can use is said, naming the host', () => {
    expect(() => proxyFromPac('SOCKS4 old.corp:1080', url)).toThrow(ProxySettingError);
    expect(() => proxyFromPac('SOCKS4 old.corp:1080', url)).toThrow(/plandesk\.agency\.example/);
  });
});

describe("the app's proxy for a remote", () => {
  it('is the one the system settings give for its URL, and none where they give none', async () => {
    const session = readyElectron({ proxyRules: 'https=proxy.corp:3128', proxyBypassRules: '.internal.example' });
    const network = systemProxy(session, {});
    expect(await network.proxyFor(new URL('https://plandesk.agency.example/'))).toBe('http://proxy.corp:3128/');
    expect(await network.proxyFor(new URL('https://plandesk.internal.example/'))).toBeUndefined();
    expect(await network.proxyFor(new URL('https://127.0.0.1:8443/'))).toBeUndefined();
  });

  it('takes the user name and password from HTTPS_PROXY when it names the same proxy, and only then', async () => {
    const session = readyElectron({ proxyRules: 'proxy.corp:3128' });
    const url = new URL('https://plandesk.agency.example/');
    expect(await systemProxy(session, { HTTPS_PROXY: 'http://broker:s3cret@proxy.corp:3128' }).proxyFor(url)).toBe('http://broker:s3cret@proxy.corp:3128/');
    expect(await systemProxy(session, { HTTPS_PROXY: 'http://broker:s3cret@other.corp:3128' }).proxyFor(url)).toBe('http://proxy.corp:3128/');
  });

  it('is asked only once the app is ready, as Electron allows', () => {
    const { electron } = createFakeElectron();
    expect(() => electron.session.defaultSession).toThrow(/when app is ready/);
  });
});

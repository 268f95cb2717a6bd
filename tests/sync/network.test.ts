// Which proxy the command line takes for a remote, from HTTPS_PROXY, HTTP_PROXY and NO_PROXY as
// curl and undici read them; and how a proxy is named where a person reads it (never its password).
import { describe, expect, it } from 'vitest';
import { proxyFromVariables, proxyName, ProxySettingError } from '../../main/sync/network.js';

const proxyOf = (variables: Record<string, string>, url: string) => proxyFromVariables(variables).proxyFor(new URL(url));

describe('the proxy for a remote, from the environment', () => {
  it('takes HTTPS_PROXY for an https:// remote, HTTP_PROXY when HTTPS_PROXY is not set, and HTTP_PROXY for http://', async () => {
    expect(await proxyOf({ HTTPS_PROXY: 'http://secure.corp:3128', HTTP_PROXY: 'http://plain.corp:3128' }, 'https://api.example.com/')).toBe(
      'http://secure.corp:3128/',
    );
    expect(await proxyOf({ HTTP_PROXY: 'http://plain.corp:3128' }, 'https://api.example.com/')).toBe('http://plain.corp:3128/');
    expect(await proxyOf({ HTTPS_PROXY: 'http://secure.corp:3128', HTTP_PROXY: 'http://plain.corp:3128' }, 'http://127.0.0.1:8787/')).toBe(
      'http://plain.corp:3128/',
    );
    expect(await proxyOf({ HTTPS_PROXY: 'http://secure.corp:3128' }, 'http://127.0.0.1:8787/')).toBeUndefined();
    expect(await proxyOf({}, 'https://api.example.com/')).toBeUndefined();
  });

  it('prefers the lower-case variable, and takes an address without a scheme as http://', async () => {
    expect(await proxyOf({ https_proxy: 'lower.corp:8080', HTTPS_PROXY: 'http://upper.corp:3128' }, 'https://api.example.com/')).toBe(
      'http://lower.corp:8080/',
    );
  });

  it.each([
    ['api.example.com', 'https://api.example.com/', true],
    ['example.com', 'https://api.example.com/', true],
    ['.example.com', 'https://example.com/', true],
    ['*.example.com', 'https://example.com/', false],
    ['*.example.com', 'https://api.example.com/', true],
    ['example.com', 'https://notexample.com/', false],
    ['api.example.com:8443', 'https://api.example.com:8443/', true],
    ['api.example.com:8443', 'https://api.example.com/', false],
    ['*', 'https://anything.example/', true],
    ['localhost, 127.0.0.1', 'http://127.0.0.1:8787/', true],
    ['[::1]', 'http://[::1]:8787/', true],
  ])('NO_PROXY=%s: %s goes direct: %s', async (noProxy, url, direct) => {
    const proxy = await proxyOf({ HTTPS_PROXY: 'http://proxy.corp:3128', HTTP_PROXY: 'http://proxy.corp:3128', NO_PROXY: noProxy }, url);
    expect(proxy === undefined).toBe(direct);
  });

  it('refuses a setting that is not a proxy, naming the variable and never the password', async () => {
    await expect(proxyOf({ HTTPS_PROXY: 'ftp://user:s3cret@proxy.corp:2121' }, 'https://api.example.com/')).rejects.toThrow(ProxySettingError);
    await expect(proxyOf({ HTTPS_PROXY: 'ftp://user:s3cret@proxy.corp:2121' }, 'https://api.example.com/')).rejects.toThrow(
      'HTTPS_PROXY names ftp://user@proxy.corp:2121, which is not an http://, https:// or socks5:// proxy',
    );
    await expect(proxyOf({ HTTPS_PROXY: 'http://[nonsense' }, 'https://api.example.com/')).rejects.toThrow(/^HTTPS_PROXY is not a proxy's address/);
  });
});

describe("a proxy's name, where a person reads it", () => {
  it('has its scheme, user, host and port, never its password', () => {
    expect(proxyName('http://broker:s3cret@proxy.corp:3128/')).toBe('http://broker@proxy.corp:3128');
    expect(proxyName('http://proxy.corp:3128/')).toBe('http://proxy.corp:3128');
  });
});

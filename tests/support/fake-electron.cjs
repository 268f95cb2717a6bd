// A stand-in for the `electron` module, for running the shell (main/index.ts, or the built
// out/main/index.js) and the preload in plain Node, where no Electron binary exists. It keeps the
// rules of real Electron that our code depends on, each with the document it comes from, so that
// what Electron refuses, the fake refuses too (a stub that silently accepted a repeated IPC handler
// let a start-up crash ship). A member the fake does not model is absent: touching it throws
// instead of quietly doing nothing.
'use strict';
const { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } = require('node:crypto');
const { EventEmitter } = require('node:events');
const { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { homedir, tmpdir } = require('node:os');
const { join } = require('node:path');
const vm = require('node:vm');

/** Properties that module loaders, promises and test matchers probe on any object: absent, not an error. */
const PROBED = new Set(['then', '__esModule', 'default', 'toJSON', 'asymmetricMatch', '$$typeof', 'nodeType', 'constructor']);

/** `target`, where reading a member the fake does not model throws, naming it. */
function strict(name, target) {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object || PROBED.has(property)) return Reflect.get(object, property, receiver);
      throw new TypeError(
        `The fake electron does not model ${name}.${property}: add it to tests/support/fake-electron.cjs with the rule Electron keeps for it.`,
      );
    },
  });
}

/**
 * A fresh fake: `electron` is what `require('electron')` answers (main-process and renderer-process
 * modules together), `control` is the test's side (make the app ready, see windows and handlers,
 * load a window's preload).
 */
function createFakeElectron({ packaged = true, appPath = '/nonexistent', keychain } = {}) {
  let isReady = false;
  const paths = defaultPaths(appPath);
  let markReady;
  const whenReady = new Promise((resolve) => (markReady = resolve));
  const appEvents = new EventEmitter();
  const ipcHandlers = new Map();
  const protocolHandlers = new Map();
  const privilegedSchemes = [];
  let privilegedRegistered = false;
  const windows = [];
  const exposed = new Map();
  const requiredByPreload = [];
  const control = {
    windows,
    ipcHandlers,
    protocolHandlers,
    privilegedSchemes,
    exposed,
    requiredByPreload,
    permissionRequestHandler: undefined,
    permissionCheckHandler: undefined,
    applicationMenu: undefined,
    /** What shell.openPath was asked to open. */
    openedPaths: [],
    /**
     * The system's proxy settings, as Electron's ProxyConfig states fixed servers
     * ({ proxyRules, proxyBypassRules }), or undefined for none (every URL DIRECT).
     */
    systemProxy: undefined,
    /** Every URL session.resolveProxy was asked about. */
    resolvedProxies: [],
    quitting: false,
    /** Called once the app has quit (after before-quit and will-quit, unless prevented). */
    onQuit: () => {},
    /** Electron emits `ready` once the main script has run and the platform has started. */
    ready() {
      isReady = true;
      appEvents.emit('ready', {}, {});
      markReady();
    },
    /** Web contents that no window owns (a webview's, a popup's), announced as Electron announces every one. */
    createWebContents() {
      const contents = new FakeWebContents(undefined);
      appEvents.emit('web-contents-created', {}, contents);
      return contents;
    },
    /**
     * Loads the window's preload as a sandboxed renderer does: its `require` gives `electron` (the
     * renderer's modules) and nothing else. What it exposes lands in `exposed`.
     */
    loadPreload(window) {
      const file = window.options.webPreferences.preload;
      const code = readFileSync(file, 'utf8');
      const sandboxRequire = (name) => {
        requiredByPreload.push(name);
        if (name === 'electron') return rendererModules(window);
        throw new Error(`module not found: ${name} (a sandboxed preload can require only electron)`);
      };
      const module = { exports: {} };
      vm.compileFunction(code, ['require', 'module', 'exports'], { filename: file })(sandboxRequire, module, module.exports);
    },
  };

  /** https://www.electronjs.org/docs/latest/api/web-contents: every method of destroyed contents throws "Object has been destroyed". */
  class FakeWebContents extends EventEmitter {
    constructor(window) {
      super();
      this.window = window;
      this.destroyed = false;
      this.sent = [];
      /** What main sends reaches the renderer's ipcRenderer listeners through here. */
      this.toRenderer = new EventEmitter();
      this.windowOpenHandler = undefined;
      return strict('webContents', this);
    }
    alive() {
      if (this.destroyed) throw new TypeError('Object has been destroyed');
    }
    isDestroyed() {
      return this.destroyed;
    }
    setWindowOpenHandler(handler) {
      this.alive();
      this.windowOpenHandler = handler;
    }
    send(channel, ...args) {
      this.alive();
      const copies = args.map((arg) => structuredClone(arg));
      this.sent.push([channel, ...copies]);
      this.toRenderer.emit(channel, {}, ...copies);
    }
    destroy() {
      this.destroyed = true;
      this.emit('destroyed');
    }
  }

  class FakeBrowserWindow extends EventEmitter {
    static getAllWindows() {
      return windows.filter((window) => !window.destroyed);
    }
    constructor(options = {}) {
      // https://www.electronjs.org/docs/latest/api/browser-window: "You cannot use this module until the ready event of the app module is emitted."
      if (!isReady) throw new Error('Cannot create BrowserWindow before app is ready');
      super();
      this.options = options;
      this.loaded = [];
      this.visible = false;
      this.destroyed = false;
      this.webContents = new FakeWebContents(this);
      const self = strict('BrowserWindow', this);
      windows.push(self);
      appEvents.emit('web-contents-created', {}, this.webContents);
      appEvents.emit('browser-window-created', {}, self);
      return self;
    }
    /** Loads through the scheme's protocol handler, as Chromium does; an unknown scheme fails the load. */
    async loadURL(url) {
      this.loaded.push(url);
      const scheme = new URL(url).protocol.slice(0, -1);
      const handler = protocolHandlers.get(scheme);
      if (!handler) throw new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`);
      const response = await handler(new Request(url));
      if (!response.ok) throw new Error(`ERR_HTTP_RESPONSE_CODE_FAILURE (-379) loading '${url}'`);
      this.url = url;
      this.emit('ready-to-show');
    }
    show() {
      this.visible = true;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    close() {
      this.destroyed = true;
      this.webContents.destroy();
      this.emit('closed');
      if (FakeBrowserWindow.getAllWindows().length === 0) appEvents.emit('window-all-closed');
    }
  }

  /** The renderer process's modules, for a preload loaded into `window`. */
  function rendererModules(window) {
    const fromMain = window.webContents.toRenderer;
    return strict('electron (renderer)', {
      contextBridge: strict('contextBridge', {
        // https://www.electronjs.org/docs/latest/api/context-bridge: values are copied into the main world; an existing key cannot be replaced.
        exposeInMainWorld(key, api) {
          if (exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
          exposed.set(key, Object.freeze({ ...api }));
        },
      }),
      ipcRenderer: strict('ipcRenderer', {
        // https://www.electronjs.org/docs/latest/api/ipc-renderer#ipcrendererinvokechannel-args: arguments and answers are structured clones.
        async invoke(channel, ...args) {
          const handler = ipcHandlers.get(channel);
          if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
          const event = { sender: window.webContents, senderFrame: { url: window.url, parent: null } };
          try {
            return structuredClone(await handler(event, ...args.map((arg) => structuredClone(arg))));
          } catch (error) {
            throw new Error(`Error invoking remote method '${channel}': ${error}`, { cause: error });
          }
        },
        on(channel, listener) {
          fromMain.on(channel, listener);
        },
        removeListener(channel, listener) {
          fromMain.removeListener(channel, listener);
        },
      }),
    });
  }

  const app = strict('app', {
    isPackaged: packaged,
    getAppPath: () => appPath,
    getName: () => appName(appPath),
    // https://www.electronjs.org/docs/latest/api/app#appgetpathname: "You can request the following paths by the name".
    getPath(name) {
      if (!(name in paths)) throw new Error(`Failed to get '${name}' path`);
      return paths[name];
    },
    // https://www.electronjs.org/docs/latest/api/app#appsetpathname-path: only a name getPath knows; "If the path
    // specifies a directory that does not exist, an Error is thrown"; and sessionData (where the session's caches
    // and storage go) must be overridden "before the ready event of the app module is emitted". Real Electron
    // silently keeps the old folder when it is set late; the fake throws, so the mistake cannot pass.
    setPath(name, path) {
      if (!(name in paths)) throw new Error(`Failed to set path: '${name}' is not a path name`);
      if (!existsSync(path) || !statSync(path).isDirectory()) throw new Error(`Failed to set path: ${path} does not exist`);
      if (isReady && name === 'sessionData')
        throw new Error('sessionData must be set before the ready event (the default session already uses the old folder)');
      paths[name] = path;
    },
    // https://www.electronjs.org/docs/latest/api/app#apprequestsingleinstancelockadditionaldata
    requestSingleInstanceLock: () => true,
    isReady: () => isReady,
    whenReady: () => whenReady,
    on(event, listener) {
      appEvents.on(event, listener);
      return app;
    },
    once(event, listener) {
      appEvents.once(event, listener);
      return app;
    },
    // https://www.electronjs.org/docs/latest/api/app#appquit: before-quit (preventable), then will-quit, then the app ends.
    quit() {
      let prevented = false;
      appEvents.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (prevented) return;
      appEvents.emit('will-quit', { preventDefault: () => (prevented = true) });
      if (prevented) return;
      control.quitting = true;
      control.onQuit();
    },
  });

  const electron = strict('electron', {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: strict('ipcMain', {
      // https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener: one handler per channel.
      handle(channel, listener) {
        if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        ipcHandlers.set(channel, listener);
      },
    }),
    protocol: strict('protocol', {
      // https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes:
      // "can only be used before the ready event of the app module gets emitted and can be called only once."
      registerSchemesAsPrivileged(schemes) {
        if (isReady) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
        if (privilegedRegistered) throw new Error('protocol.registerSchemesAsPrivileged can be called only once');
        privilegedRegistered = true;
        privilegedSchemes.push(...structuredClone(schemes));
      },
      // https://www.electronjs.org/docs/latest/api/protocol: "All methods unless specified can only be used after the ready event".
      handle(scheme, handler) {
        if (!isReady) throw new Error('protocol.handle can only be used after the ready event of the app module');
        if (protocolHandlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
        protocolHandlers.set(scheme, handler);
      },
    }),
    session: strict('session', {
      // https://www.electronjs.org/docs/latest/api/session: the default session exists once the app is ready.
      get defaultSession() {
        if (!isReady) throw new Error('Session can only be received when app is ready');
        return strict('session.defaultSession', {
          setPermissionRequestHandler: (handler) => (control.permissionRequestHandler = handler),
          setPermissionCheckHandler: (handler) => (control.permissionCheckHandler = handler),
          // https://www.electronjs.org/docs/latest/api/session#sesresolveproxyurl: resolves with the proxy
          // information for url, in PAC form ("DIRECT", "PROXY host:port", ...).
          async resolveProxy(url) {
            control.resolvedProxies.push(url);
            return resolveProxy(control.systemProxy, new URL(url));
          },
        });
      },
    }),
    shell: strict('shell', {
      // https://www.electronjs.org/docs/latest/api/shell#shellopenpathpath: resolves to "" when opened, else the error message.
      async openPath(path) {
        control.openedPaths.push(path);
        return existsSync(path) ? '' : `Failed to open path`;
      },
    }),
    Menu: strict('Menu', {
      buildFromTemplate: (template) => strict('menu', { template }),
      setApplicationMenu: (menu) => (control.applicationMenu = menu),
    }),
    safeStorage: keychain === undefined ? noKeychain() : linuxSafeStorage(keychain, appName(appPath), () => isReady),
  });

  return { electron, control };
}

/** No OS keychain: encryption is unavailable, as on a Linux desktop without a secret service. */
function noKeychain() {
  return strict('safeStorage', {
    isEncryptionAvailable: () => false,
    getSelectedStorageBackend: () => 'basic_text',
  });
}

/**
 * https://www.electronjs.org/docs/latest/api/safe-storage on Linux with a secret service, as
 * Chromium's OSCrypt does it: a random password kept in the secret service under "NAME Safe
 * Storage" (here a file in `keychain`, the folder standing for the user's secret service, shared by
 * every run of the app, and by nothing on another computer), an AES-128-CBC key derived from it
 * (PBKDF2-SHA1, salt "saltysalt", one iteration, IV of 16 spaces), ciphertexts prefixed "v11".
 * Nothing is available before `ready`; a ciphertext this keychain did not seal throws.
 */
function linuxSafeStorage(keychain, name, isReady) {
  const key = () => {
    const file = join(keychain, `${name} Safe Storage`);
    if (!existsSync(file)) {
      mkdirSync(keychain, { recursive: true });
      writeFileSync(file, randomBytes(16).toString('base64'), { flag: 'wx' });
    }
    return pbkdf2Sync(readFileSync(file, 'utf8'), 'saltysalt', 1, 16, 'sha1');
  };
  const iv = Buffer.alloc(16, ' ');
  return strict('safeStorage', {
    isEncryptionAvailable: () => isReady(),
    getSelectedStorageBackend: () => (isReady() ? 'gnome_libsecret' : 'unknown'),
    encryptString(plainText) {
      if (!isReady()) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
      const cipher = createCipheriv('aes-128-cbc', key(), iv);
      return Buffer.concat([Buffer.from('v11'), cipher.update(plainText, 'utf8'), cipher.final()]);
    },
    decryptString(encrypted) {
      if (!Buffer.isBuffer(encrypted)) throw new TypeError('Expected the first argument of decryptString() to be a buffer');
      if (!isReady()) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
      try {
        if (encrypted.subarray(0, 3).toString() !== 'v11') throw new Error('not sealed by this keychain');
        const decipher = createDecipheriv('aes-128-cbc', key(), iv);
        return Buffer.concat([decipher.update(encrypted.subarray(3)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      }
    },
  });
}

/**
 * Chromium's answer for `url` under fixed proxy servers, as https://www.electronjs.org/docs/latest/api/structures/proxy-config
 * states them: `proxyRules` is `[scheme=]proxy[,proxy...]` entries separated by `;` (a rule without a scheme
 * serves every scheme, `socks=` any scheme without its own rule), a proxy `[scheme://]host[:port]` (http, https,
 * socks4, socks5; http when not given; the scheme's default port when not given). `proxyBypassRules` lists
 * hosts (`example.com`, `.example.com` and `*.example.com` for subdomains, IP literals), `<local>` (names
 * without a dot) and `<-loopback>`. Loopback (localhost, *.localhost, 127.0.0.0/8, [::1]) is never proxied
 * unless `<-loopback>` is listed: Chromium's implicit bypass rules.
 */
function resolveProxy(settings, url) {
  if (settings === undefined) return 'DIRECT';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const bypass = (settings.proxyBypassRules ?? '').split(/[,;\s]+/).filter(Boolean);
  const loopback = host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
  if (loopback && !bypass.includes('<-loopback>')) return 'DIRECT';
  for (const rule of bypass) {
    if (rule === '<local>' && !host.includes('.') && !host.includes(':')) return 'DIRECT';
    const pattern = rule.replace(/^\*?\./, '').toLowerCase();
    if (rule.startsWith('<')) continue;
    if ((!rule.startsWith('*') && !rule.startsWith('.') && host === pattern) || host.endsWith(`.${pattern}`)) return 'DIRECT';
  }
  const scheme = url.protocol.slice(0, -1);
  const rules = new Map();
  for (const entry of (settings.proxyRules ?? '')
    .split(';')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const [name, list] = entry.includes('=') ? entry.split('=') : ['*', entry];
    rules.set(
      name,
      list.split(',').map((proxy) => proxy.trim()),
    );
  }
  const proxies = rules.get(scheme) ?? rules.get('*') ?? rules.get('socks');
  if (proxies === undefined) return 'DIRECT';
  return proxies
    .map((proxy) => {
      const parsed = /^(?:(\w+):\/\/)?([^:/]+|\[[^\]]+\])(?::(\d+))?$/.exec(proxy);
      if (!parsed) throw new Error(`invalid proxy rule: ${proxy}`);
      const [, proxyScheme = 'http', proxyHost, port] = parsed;
      const kind = { http: ['PROXY', 80], https: ['HTTPS', 443], socks4: ['SOCKS', 1080], socks5: ['SOCKS5', 1080], socks: ['SOCKS', 1080] }[proxyScheme];
      return `${kind[0]} ${proxyHost}:${port ?? kind[1]}`;
    })
    .join(';');
}

/**
 * https://www.electronjs.org/docs/latest/api/app#appgetname: the app's package.json productName, else its
 * name; Electron's own name when the app folder has no package.json.
 */
function appName(appPath) {
  const file = join(appPath, 'package.json');
  if (!existsSync(file)) return 'Electron';
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  return pkg.productName ?? pkg.name;
}

/**
 * https://www.electronjs.org/docs/latest/api/app#appgetpathname, on Linux (where the tests run): appData is
 * $XDG_CONFIG_HOME or ~/.config, userData is appData with the app's name, sessionData is userData until set,
 * logs is userData/logs (app.setAppLogsPath's default off macOS), crashDumps is userData/Crashpad, cache is
 * $XDG_CACHE_HOME or ~/.cache.
 */
function defaultPaths(appPath) {
  const home = homedir();
  const appData = process.env.XDG_CONFIG_HOME ?? join(home, '.config');
  const userData = join(appData, appName(appPath));
  return {
    home,
    appData,
    userData,
    sessionData: userData,
    logs: join(userData, 'logs'),
    crashDumps: join(userData, 'Crashpad'),
    cache: process.env.XDG_CACHE_HOME ?? join(home, '.cache'),
    temp: tmpdir(),
  };
}

/** Makes `require('electron')` answer `electron` in this process (for `node -r`, before the built main bundle loads). */
function installFakeElectron(electron) {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return request === 'electron' ? 'electron' : resolve.call(this, request, ...rest);
  };
  require.cache.electron = { id: 'electron', filename: 'electron', loaded: true, exports: electron };
}

module.exports = { createFakeElectron, installFakeElectron };

import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: editing and window commands only. Reload and the developer tools appear
 * only in an unpackaged (development) run; a packaged build has no way to open DevTools. Help opens
 * the folder of the app's log (main/app/app-log.ts), for a person asked to send it.
 */
export function applicationMenuTemplate(options: { packaged: boolean; platform: NodeJS.Platform; openLogsFolder: () => void }): MenuItemConstructorOptions[] {
  const development: MenuItemConstructorOptions[] = options.packaged
    ? []
    : [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }];
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { label: 'File', submenu: [options.platform === 'darwin' ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }, ...development],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Open logs folder', click: options.openLogsFolder }] },
  ];
}

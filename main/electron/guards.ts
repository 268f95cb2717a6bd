import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { APP_SCHEME } from './app-protocol.js';

/**
 * Which pages are ours: the app:// origin, or in an unpackaged run the dev server's origin. Any
 * other URL (file://, https://, another scheme) is not.
 */
export function appUrlMatcher(devServerUrl: string | undefined): (url: string) => boolean {
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : undefined;
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    return devOrigin ? parsed.origin === devOrigin : parsed.protocol === `${APP_SCHEME}:` && parsed.host === 'renderer';
  };
}

/** Only our main window's top frame, showing our page, may call the bridge. */
export function isTrustedSender(event: IpcMainInvokeEvent, mainContents: WebContents | undefined, isAppUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && mainContents !== undefined && event.sender === mainContents && isAppUrl(frame.url);
}

/** The page needs no camera, notifications, clipboard reads...: every request and check is refused. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Applied to every web contents: no navigation away from our page, no webviews, no new windows. */
export function lockDown(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

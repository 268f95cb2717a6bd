// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShortcuts, type ShortcutMap } from './shortcuts';

function Screen({ shortcuts, ready = true }: { shortcuts: ShortcutMap; ready?: boolean }) {
  useShortcuts(shortcuts, ready);
  return <input aria-label="Title" />;
}

function SearchScreen({ shortcuts }: { shortcuts: ShortcutMap }) {
  useShortcuts(shortcuts);
  return <input type="search" aria-label="Search" aria-keyshortcuts="/" />;
}

const press = (init: KeyboardEventInit, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

afterEach(cleanup);

describe('keyboard shortcuts', () => {
  it('matches Alt+R by the physical key, as macOS types "®" for it', () => {
    const renew = vi.fn();
    render(<Screen shortcuts={{ 'Alt+R': renew }} />);
    const event = press({ key: '®', code: 'KeyR', altKey: true });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('needs exactly the modifiers written: Alt+Ctrl+R and a plain R are not Alt+R', () => {
    const renew = vi.fn();
    render(<Screen shortcuts={{ 'Alt+R': renew }} />);
    press({ key: 'r', code: 'KeyR', altKey: true, ctrlKey: true });
    press({ key: 'r', code: 'KeyR' });
    expect(renew).not.toHaveBeenCalled();
  });

  it('takes Mod as Ctrl or ⌘', () => {
    const save = vi.fn();
    render(<Screen shortcuts={{ 'Mod+S': save }} />);
    press({ key: 's', code: 'KeyS', ctrlKey: true });
    press({ key: 's', code: 'KeyS', metaKey: true });
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('leaves a plain character to the text field being typed in', () => {
    const search = vi.fn();
    const { getByRole } = render(<Screen shortcuts={{ '/': search }} />);
    const typed = press({ key: '/', code: 'Slash' }, getByRole('textbox'));
    expect(search).not.toHaveBeenCalled();
    expect(typed.defaultPrevented).toBe(false);
    press({ key: '/', code: 'Slash' });
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('takes "/" as the shortcut in the field that names it as its own, so it selects the search instead of typing a slash', () => {
    const search = vi.fn();
    const { getByRole } = render(<SearchScreen shortcuts={{ '/': search }} />);
    const typed = press({ key: '/', code: 'Slash' }, getByRole('searchbox'));
    expect(search).toHaveBeenCalledTimes(1);
    expect(typed.defaultPrevented).toBe(true);
  });

  it('holds the keys pressed while the screen is not ready, acts on them in order once it is, and forgets them if it goes first', () => {
    const acted: string[] = [];
    const shortcuts = { 'Alt+L': () => void acted.push('plans'), 'Alt+R': () => void acted.push('renew') };
    const screen = render(<Screen shortcuts={shortcuts} ready={false} />);
    const held = press({ key: 'l', code: 'KeyL', altKey: true });
    press({ key: 'r', code: 'KeyR', altKey: true });
    expect(acted).toEqual([]);
    expect(held.defaultPrevented).toBe(true);
    screen.rerender(<Screen shortcuts={shortcuts} ready />);
    expect(acted).toEqual(['plans', 'renew']);
    press({ key: 'r', code: 'KeyR', altKey: true });
    expect(acted).toEqual(['plans', 'renew', 'renew']);
    // A screen that goes before it is ready takes the keys it held with it.
    screen.unmount();
    const next = render(<Screen shortcuts={shortcuts} ready={false} />);
    press({ key: 'l', code: 'KeyL', altKey: true });
    next.unmount();
    render(<Screen shortcuts={shortcuts} />);
    expect(acted).toEqual(['plans', 'renew', 'renew']);
  });

  it('asks the screen registered last first, and forgets a screen once it is gone', () => {
    const shell = vi.fn();
    const page = vi.fn();
    render(<Screen shortcuts={{ 'Alt+E': shell }} />);
    const front = render(<Screen shortcuts={{ 'Alt+E': page }} />);
    press({ key: 'e', code: 'KeyE', altKey: true });
    expect(page).toHaveBeenCalledTimes(1);
    expect(shell).not.toHaveBeenCalled();
    front.unmount();
    press({ key: 'e', code: 'KeyE', altKey: true });
    expect(shell).toHaveBeenCalledTimes(1);
  });
});

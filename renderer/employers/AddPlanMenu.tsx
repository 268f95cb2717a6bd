import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BENEFITS, planKind, type Benefit } from '../../shared/plans';

interface AddPlanMenuProps {
  onChoose(benefit: Benefit): void;
  /** Alt+P (handled by the page) opens the menu: a counter, bumped per press. */
  openRequest: number;
  disabled?: boolean;
}

/**
 * "Add plan" and its menu of the nine plan kinds. Keyboard: Enter, Space or ArrowDown opens it;
 * ArrowUp/Down, Home/End move; Enter picks; 1–9 pick a kind by its number; Escape closes.
 */
export function AddPlanMenu({ onChoose, openRequest, disabled }: AddPlanMenuProps) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);

  // A press the menu has not seen yet opens it: state adjusted while rendering, not in an effect.
  const [seenRequest, setSeenRequest] = useState(0);
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest);
    if (openRequest > 0 && !disabled) {
      setFocusIndex(0);
      setOpen(true);
    }
  }

  // Before paint: a key pressed the moment the menu shows must already land in it.
  useLayoutEffect(() => {
    if (open) menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(benefit: Benefit) {
    close(true);
    onChoose(benefit);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusIndex(event.key === 'ArrowDown' ? 0 : BENEFITS.length - 1);
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = BENEFITS.length - 1;
    const digit = Number(event.key);
    if (Number.isInteger(digit) && digit >= 1 && digit <= BENEFITS.length) {
      event.preventDefault();
      return choose(BENEFITS[digit - 1]!);
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        return setFocusIndex((index) => (index === last ? 0 : index + 1));
      case 'ArrowUp':
        event.preventDefault();
        return setFocusIndex((index) => (index === 0 ? last : index - 1));
      case 'Home':
        event.preventDefault();
        return setFocusIndex(0);
      case 'End':
        event.preventDefault();
        return setFocusIndex(last);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
    }
  }

  return (
    <div
      className="menu-anchor"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-keyshortcuts="Alt+P"
        title="Add plan (Alt+P)"
        disabled={disabled}
        onClick={() => {
          setFocusIndex(0);
          setOpen((current) => !current);
        }}
        onKeyDown={onButtonKeyDown}
      >
        Add plan
      </button>
      <ul ref={menuRef} id={`${id}-menu`} role="menu" aria-label="Plan kind" className="menu" hidden={!open} onKeyDown={onMenuKeyDown}>
        {BENEFITS.map((benefit, index) => (
          <li
            key={benefit}
            role="menuitem"
            tabIndex={-1}
            onClick={() => choose(benefit)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                choose(benefit);
              }
            }}
          >
            <span className="menu-number" aria-hidden="true">
              {index + 1}
            </span>
            {planKind(benefit).label}
          </li>
        ))}
      </ul>
    </div>
  );
}

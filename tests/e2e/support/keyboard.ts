// Drives the app by keyboard only, counting every key pressed beyond the values typed: the
// e2e tests use it to prove the wizards need no mouse, and bench/ui-figures.ts to report the counts.
import type { Page } from 'playwright-core';
import { choiceLabel } from '../../../shared/forms/choice-labels.js';
import { planKind, type Benefit } from '../../../shared/plans/index.js';

export class Keyboard {
  /** Keys pressed to move, choose or confirm: Enter, Tab, Space, shortcuts. */
  navigation = 0;
  /** Characters typed as field values. */
  typed = 0;

  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.navigation += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    this.typed += text.length;
    await this.page.keyboard.type(text);
  }
}

/** What the focused element is, as the wizard marks it. */
async function focused(page: Page): Promise<{ field?: string; noneFor?: string; tag: string; text: string; value: string; checked: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return {
      ...(element?.dataset['field'] ? { field: element.dataset['field'] } : {}),
      ...(element?.dataset['noneFor'] ? { noneFor: element.dataset['noneFor'] } : {}),
      tag: element?.tagName.toLowerCase() ?? '',
      text: element?.textContent ?? '',
      value: element?.value ?? '',
      checked: element?.checked ?? false,
    };
  });
}

const stepHeading = (page: Page) => page.locator('.wizard-step h2').innerText();

/** Text to type for a value: selects take their option's label (the browser's type-ahead picks it). */
function keysFor(benefit: Benefit, field: string, value: unknown): string {
  const spec = planKind(benefit).fields[field]!;
  if (spec.type === 'bool') return value ? 'Yes' : 'No';
  if (spec.type === 'choice') return choiceLabel(String(value));
  return String(value);
}

/** Types a choice's label letter by letter until the wizard leaves the field; whether it did. */
async function typeUntilAnswered(page: Page, keys: Keyboard, field: string, label: string): Promise<boolean> {
  for (const char of label) {
    await keys.type(char);
    if ((await focused(page)).field !== field) return true;
  }
  return false;
}

/**
 * Fills the open wizard from the focused first field to the saved plan: each field's value typed,
 * Enter to move on (Enter past a step's last field opens the next step; on an empty field that may
 * be none, Enter answers None), a choice's letters until it moves on by itself, and Enter on
 * "Save plan". Fields already holding the wanted value are passed with Enter.
 */
export async function fillWizard(
  page: Page,
  keys: Keyboard,
  benefit: Benefit,
  body: Record<string, unknown>,
  onStep: (heading: string) => Promise<void> = async () => {},
): Promise<void> {
  let heading = await stepHeading(page);
  await onStep(heading);
  for (let guard = 0; guard < 400; guard += 1) {
    const at = await focused(page);
    if (at.tag === 'button') {
      if (!/^Save/.test(at.text)) throw new Error(`fillWizard: focus is on the button "${at.text}" in "${heading}"`);
      await keys.press('Enter');
      return;
    }
    if (at.noneFor) {
      // Reached only by Tab or after a value: Space toggles "None".
      if (at.checked !== (body[at.noneFor] === null)) await keys.press('Space');
      await keys.press('Enter');
    } else if (at.field) {
      const value = body[at.field];
      const spec = planKind(benefit).fields[at.field]!;
      const isChoice = spec.type === 'bool' || spec.type === 'choice';
      let movedOn = false;
      if (value !== null && value !== undefined) {
        const wanted = keysFor(benefit, at.field, value);
        const already = isChoice ? at.value === String(value) : at.value === wanted;
        // A choice moves on by itself once its letters name one option. Other fields: the wizard
        // selects a field's text as it lands on it, so typing replaces what was there.
        if (!already && isChoice) movedOn = await typeUntilAnswered(page, keys, at.field, wanted);
        else if (!already) await keys.type(wanted);
      }
      // Enter moves on; on an empty field whose answer may be none, it answers None.
      if (!movedOn) await keys.press('Enter');
    } else {
      throw new Error(`fillWizard: focus is on an unexpected <${at.tag}> in "${heading}"`);
    }
    const next = await stepHeading(page).catch(() => heading);
    if (next !== heading) {
      heading = next;
      await onStep(heading);
    }
  }
  throw new Error('fillWizard: the wizard did not end');
}

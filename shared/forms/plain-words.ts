import { choiceLabels } from './choice-labels.js';

// Longest first, so FALSE_COIN is replaced as itself and not as FALSE followed by _COIN.
const CODES = Object.keys(choiceLabels).sort((a, b) => b.length - a.length);
const CODE_PATTERN = new RegExp(`\\b(${CODES.join('|')})\\b`, 'g');

/** Text with every choice code said by its label: "required when type is “Multiple of salary”". */
export function plainText(text: string): string {
  return text.replace(CODE_PATTERN, (code) => `“${choiceLabels[code]}”`);
}

/**
 * A field's help for the screen. The spec's glossary of a choice field's own codes ("FALSE: neither
 * …; TRUE: …", "RENEWED (same carrier) or CONVERTED …") is left out, since the choices read as
 * words already; any other code is said by its label.
 */
export function plainHelp(help: string, ownChoices: readonly string[] = []): string {
  const glossary = ownChoices.length === 0 ? -1 : help.search(new RegExp(`\\s*\\b(${ownChoices.join('|')})\\b`));
  const kept = (glossary === -1 ? help : help.slice(0, glossary)).trim();
  return kept === '' ? 'Type the first letters of a choice to pick it.' : plainText(kept);
}

/**
 * A service message about one field, said the way a broker would: the service's "employer with
 * this name already exists." becomes "An employer named “Globex” already exists in this workspace.".
 */
export function plainServiceMessage(message: string, field: { label: string; value: unknown }): string {
  const shown = typeof field.value === 'string' ? field.value.trim() : '';
  const employerTaken = /^employer with this (\w+) already exists\.$/.exec(message);
  if (employerTaken && shown) {
    return employerTaken[1] === 'name'
      ? `An employer named “${shown}” already exists in this workspace.`
      : `Another employer in this workspace already has the ${field.label.toLowerCase()} ${shown}.`;
  }
  const titleTaken = /^\w+ plan with this title already exists for this employer\.$/.exec(message);
  if (titleTaken && shown) return `This employer already has a plan of this kind titled “${shown}”; a different title tells them apart.`;
  return plainText(message);
}

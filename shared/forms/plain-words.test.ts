import { describe, expect, it } from 'vitest';
import { plainHelp, plainServiceMessage, plainText } from './plain-words.js';

describe('plain words on screen', () => {
  it('says choice codes by their labels', () => {
    expect(plainText('This field is required when type is MULTIPLE_OF_SALARY.')).toBe('This field is required when type is “Multiple of salary”.');
    expect(plainText('FALSE_COIN or TRUE')).toBe('“Coinsurance only” or “Deductible only”');
  });

  it("leaves out a help text's glossary of codes, the choices being words already", () => {
    const help =
      'Whether deductible and/or coinsurance applies to primary care. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.';
    expect(plainHelp(help, ['FALSE', 'FALSE_COIN', 'TRUE', 'TRUE_COIN'])).toBe('Whether deductible and/or coinsurance applies to primary care.');
    expect(plainHelp('RENEWED (same carrier) or CONVERTED (different carrier).', ['RENEWED', 'CONVERTED'])).toBe(
      'Type the first letters of a choice to pick it.',
    );
    expect(plainHelp('Caps the total benefit of a MULTIPLE_OF_SALARY plan.')).toBe('Caps the total benefit of a “Multiple of salary” plan.');
  });

  it('names the field and the value in a service refusal', () => {
    expect(plainServiceMessage('employer with this name already exists.', { label: 'Name', value: 'Globex' })).toBe(
      'An employer named “Globex” already exists in this workspace.',
    );
    expect(plainServiceMessage('employer with this url already exists.', { label: 'Web address', value: 'https://globex.example' })).toBe(
      'Another employer in this workspace already has the web address https://globex.example.',
    );
    expect(plainServiceMessage('medical plan with this title already exists for this employer.', { label: 'Title', value: 'Gold PPO' })).toBe(
      'This employer already has a plan of this kind titled “Gold PPO”; a different title tells them apart.',
    );
    expect(plainServiceMessage('Ensure this value is less than or equal to 100.', { label: 'Coinsurance', value: '120' })).toBe(
      'Ensure this value is less than or equal to 100.',
    );
  });
});

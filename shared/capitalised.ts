/** The text with its first letter in capitals: a label or a sentence made from a lower-case word or reason. */
export const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

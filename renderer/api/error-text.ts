/**
 * What a failure says to the person: the error's own words, without the wrapper Electron puts around
 * an error thrown in main ("Error invoking remote method 'plandesk:call': Error: "). An unexpected
 * error keeps the end main gave it, "(error 7KQ2MX, in the log)": the id of its line in the app's
 * log (Help > Open logs folder), so a person can point support at it.
 */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/, '');
}

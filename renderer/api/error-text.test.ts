import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('the words a failure shows', () => {
  it('drops the wrapper Electron puts around an error thrown in main, keeping the id of its line in the log', () => {
    const thrown = new Error("Error invoking remote method 'plandesk:exportWorkspace': Error: the disk is full (error 7KQ2MX, in the log)");
    expect(errorText(thrown)).toBe('the disk is full (error 7KQ2MX, in the log)');
  });

  it('keeps any other error as it is', () => {
    expect(errorText(new Error('Bridge call failed with status 502.'))).toBe('Bridge call failed with status 502.');
    expect(errorText('plain words')).toBe('plain words');
  });
});

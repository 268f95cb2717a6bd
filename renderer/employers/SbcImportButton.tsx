import { useRef, useState } from 'react';
import { SBC_MAX_BYTES } from '../../shared/bridge';
import type { SbcReading } from '../../shared/sbc';
import { fileAsBase64 } from '../app/files';
import { bridge } from '../bridge/bridge';
import { startSbcWizard } from '../plans/start-wizard';
import { errorText } from '../api/error-text';

interface SbcImportButtonProps {
  employerId: string;
  onError(message: string | undefined): void;
}

/**
 * "New medical plan from SBC…": picks a PDF, has the main process read it, and opens the wizard on
 * a draft prefilled with what it read. A scan or a PDF that is not an SBC is refused with its reason.
 */
export function SbcImportButton({ employerId, onError }: SbcImportButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  async function read(file: File) {
    onError(undefined);
    if (file.size > SBC_MAX_BYTES) return onError(`${file.name} is ${Math.round(file.size / 1e6)} MB; an SBC is a few hundred kB. Is it the right file?`);
    setReading(true);
    try {
      const answer = await bridge.readSbc(await fileAsBase64(file));
      if (answer.status !== 200) return onError((answer.body as { detail?: string }).detail ?? 'The SBC could not be read.');
      const problem = await startSbcWizard(employerId, answer.body as SbcReading, file.name);
      if (problem) onError(`Could not start the medical plan: ${problem}`);
    } catch (error) {
      onError(`The SBC could not be read: ${errorText(error)}`);
    } finally {
      setReading(false);
    }
  }

  return (
    <>
      <button type="button" disabled={reading} onClick={() => input.current?.click()}>
        {reading ? 'Reading the SBC…' : 'New medical plan from SBC…'}
      </button>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        aria-label="SBC PDF"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
    </>
  );
}

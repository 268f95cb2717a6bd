import type { ReactNode } from 'react';

interface AskFirstProps {
  asking: boolean;
  /** The button that asks: it gives way to the action itself and Keep. */
  ask: ReactNode;
  onAsk: () => void;
  /** The action, on a danger button. */
  confirm: ReactNode;
  onConfirm: () => void;
  /** Goes back without acting. */
  onKeep: () => void;
  disabled?: boolean;
}

/** A row action that cannot be undone, so it asks first. */
export function AskFirst({ asking, ask, onAsk, confirm, onConfirm, onKeep, disabled = false }: AskFirstProps) {
  return asking ? (
    <>
      <button type="button" className="danger" onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" onClick={onKeep}>
        Keep
      </button>
    </>
  ) : (
    <button type="button" disabled={disabled} onClick={onAsk}>
      {ask}
    </button>
  );
}

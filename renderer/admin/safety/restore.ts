import { bridge } from '../../bridge/bridge';
import { queryClient } from '../../data/query-client';
import { useWorkspace } from '../../app/workspace-store';
import { answerOf } from '../admin-state';

/**
 * Replaces the workspace with a backup (main checks the file first and keeps the replaced one),
 * then forgets everything read from the old one and reads the workspace afresh.
 */
export async function restoreBackup(name: string): Promise<{ restored: string; previous: string }> {
  const result = await answerOf<{ restored: string; previous: string }>(bridge.restoreWorkspace(name));
  queryClient.clear();
  await useWorkspace.getState().load();
  return result;
}

export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

import { readRecord, recordAt, replaceRecord } from '../service/records.js';
import type { Workspace } from '../workspace/workspace.js';

type ApiRecord = Record<string, unknown>;

/*
 * The sync's door to the workspace's own records: it reads and writes them through the service, as
 * the workspace's user, by the API path the outbox keeps. Each write is journaled like any local
 * change (history, and queued for every environment); the caller marks where it came from as
 * already having it.
 */

/** The local record as the service answers it; undefined once it no longer exists. */
export function readLocalRecord(workspace: Workspace, path: string): ApiRecord | undefined {
  return readRecord(workspace.context, workspace.caller(), recordAt(path));
}

/** The local record takes a remote record's values (`body`, in local ids); throws ApiError when they do not pass here. */
export function applyRemoteValues(workspace: Workspace, path: string, body: ApiRecord): ApiRecord {
  return replaceRecord(workspace.context, workspace.caller(), recordAt(path), body);
}

import { auditApi, buildPath, CSRF_COOKIE, CSRF_HEADER, ErrorBody } from '@referwell/contracts';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { recordRequest } from '../../lib/activity';

/** The header the export answers with: how many rows the CSV will hold. */
const COUNT_HEADER = 'x-audit-count';

export interface ExportProgress {
  rows: number;
  total: number;
}

function readCookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

function urlOf(practiceId: number, query: auditApi.AuditExportQuery) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return `${buildPath(auditApi.exportAudit.path, { id: practiceId })}${text ? `?${text}` : ''}`;
}

/**
 * Downloads the practice's trail as CSV, reading the stream as it arrives so that `onProgress`
 * can say how far it got (the answer's count header gives the total). Not through `call()`: the
 * answer is a file, not JSON.
 */
export async function fetchAuditCsv(
  practiceId: number,
  query: auditApi.AuditExportQuery,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string; rows: number }> {
  const token = readCookie(CSRF_COOKIE);
  recordRequest();
  let response: Response;
  try {
    response = await fetch(urlOf(practiceId, query), {
      headers: { accept: 'text/csv', ...(token ? { [CSRF_HEADER]: token } : {}) },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, 'Failed to connect to the server');
  }
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
    throw parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.message)
      : new ApiError(response.status, `HTTP_${response.status}`, response.statusText || 'The export failed');
  }
  const total = Number(response.headers.get(COUNT_HEADER)) || 0;
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-trail.csv';
  const parts: BlobPart[] = [];
  const decoder = new TextDecoder();
  let lines = 0;
  onProgress({ rows: 0, total });
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    // Each row ends with CRLF (a line break inside a field is a lone LF); the first line is the header.
    lines += decoder.decode(value, { stream: true }).split('\r\n').length - 1;
    onProgress({ rows: Math.min(total, Math.max(0, lines - 1)), total });
  }
  const rows = Math.max(0, lines - 1);
  return { blob: new Blob(parts, { type: 'text/csv' }), fileName, rows };
}

/** Hands a file to the browser to save. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

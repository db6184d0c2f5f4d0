/**
 * Opening a file with a link that still works. Download links are signed for a few minutes
 * (FILE_LINK_TTL_SECONDS on the server), but lists and messages stay on screen far longer, so the
 * viewers ask for the file again at the moment someone opens it: a click, Download, the gallery.
 *
 *   <FileTileList files={files} freshFile={(file) => roomClient.freshFile(file)} />
 *   openFreshInNewTab(freshFile(file)).then((now) => now?.downloadUrl || say('Sorry this file has expired'));
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FileView } from '@referwell/contracts';

/**
 * The file as the server has it now, with a freshly signed link when it is clean; null when it is
 * gone (deleted, or no longer the caller's to see). Rejects when the server could not be asked.
 */
export type FreshFile = (file: FileView) => Promise<FileView | null>;

/** For a list with no way to ask the server: the link it was given. */
export const fileAsGiven: FreshFile = async (file) => file;

/** Shown when a file could not be asked for (the network, the server). */
export const FILE_OPEN_FAILED = 'Sorry this file could not be opened, please try again';

/**
 * Opens a file's current link in a new tab and answers what the server said of the file. The tab
 * opens at once, inside the click (browsers block tabs opened later), cut off from this page, and
 * follows the link when it comes; it closes again when there is none (the file is gone, or no
 * longer clean) or the server could not be asked (then this rejects).
 */
export async function openFreshInNewTab(fresh: Promise<FileView | null>): Promise<FileView | null> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  let url: string | null = null;
  try {
    const file = await fresh;
    url = file?.downloadUrl ?? null;
    if (url && tab) tab.location.href = url;
    else if (url) window.open(url, '_blank', 'noopener,noreferrer');
    return file;
  } finally {
    if (!url) tab?.close();
  }
}

/**
 * The files of a viewer with what opening them learned: `fetchFresh(file)` asks `freshFile`, and
 * its answer (a new link, or that the file is gone or no longer clean) stands in for the file
 * until the parent passes a copy at least as new.
 */
export function useFreshFiles(files: FileView[], freshFile: FreshFile) {
  const [answers, setAnswers] = useState<Record<number, FileView>>({});
  const latest = useRef(freshFile);
  useLayoutEffect(() => {
    latest.current = freshFile;
  });

  const shown = useMemo(
    () =>
      files.map((file) => {
        const answer = answers[file.id];
        return answer && answer.updatedAt >= file.updatedAt ? answer : file;
      }),
    [files, answers],
  );

  const fetchFresh = useCallback(async (file: FileView): Promise<FileView | null> => {
    const answer = await latest.current(file);
    const known = answer ?? { ...file, deleted: true, downloadUrl: null };
    setAnswers((all) => ({ ...all, [file.id]: known }));
    return answer;
  }, []);

  return { shown, fetchFresh };
}

import type { FileView } from '@referwell/contracts';
import { truncate } from '../../lib/truncate';
import type { ContextMenuItem, ContextMenuSection } from '../../ui/ContextMenu';
import { fileState } from '../../ui/files/FileState';
import type { ChatRow } from './messageRows';
import type { RoomMessage } from './messages';
import { linkify } from './messageText';

export type MessageRow = Extract<ChatRow, { kind: 'message' }>;

/** Welcome messages, and messages still on their way, have no receipts to show. */
export const hasDetails = (row: MessageRow) => !row.welcome && !row.message.pending;

export const COPY_TEXTS = { copied: 'Text copied', failed: 'Sorry, the text could not be copied' } as const;

/** Long links are shortened in the menu; the link opened is whole. */
const LINK_LABEL_MAX = 60;

export interface MessageMenuActions {
  openDetails: (message: RoomMessage) => void;
  copyText: (text: string) => Promise<unknown>;
  openLink: (url: string) => void;
  download: (file: FileView) => void;
}

/** The links a message carries: those in its text, then its previewed link, each once. */
export function linksOf(message: RoomMessage): string[] {
  const links = linkify(message.message).flatMap((part) => (part.kind === 'link' ? [part.url] : []));
  const preview = message.previewData?.url;
  if (preview && /^https?:\/\//i.test(preview)) links.push(preview);
  return [...new Set(links)];
}

const subMenu = (label: string, items: ContextMenuItem[]): ContextMenuItem[] =>
  items.length > 0 ? [{ label, items }] : [];

/**
 * A message's context menu: the message itself (its details, copying its text), the links in it
 * and its files that can be downloaded (clean ones only, as everywhere else).
 */
export function messageMenuSections(row: MessageRow, actions: MessageMenuActions): ContextMenuSection[] {
  const { message } = row;
  const files = message.files.filter((file) => fileState(file) === 'clean' && file.downloadUrl);
  const about: ContextMenuItem[] = [];
  // The details are a dialog: the menu gets out of its way at once.
  if (hasDetails(row))
    about.push({ label: 'Message details', noWait: true, onSelect: () => actions.openDetails(message) });
  if (message.message.trim()) about.push({ label: 'Copy text', onSelect: () => actions.copyText(message.message) });
  return [
    { key: 'message', title: 'Message', items: about },
    {
      key: 'links',
      title: 'Links',
      items: subMenu(
        'Open link',
        linksOf(message).map((url) => ({
          key: url,
          label: truncate(url, LINK_LABEL_MAX),
          onSelect: () => actions.openLink(url),
        })),
      ),
    },
    {
      key: 'files',
      title: 'Files',
      items: subMenu(
        'Download',
        files.map((file) => ({ key: String(file.id), label: file.name, onSelect: () => actions.download(file) })),
      ),
    },
  ];
}

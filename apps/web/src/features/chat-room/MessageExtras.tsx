import type { FileView, linkPreviewsApi } from '@referwell/contracts';
import { ContentCard } from '../../ui/files/ContentCard';
import { FileTileList } from '../../ui/files/FileTileList';
import type { FreshFile } from '../../ui/files/freshFiles';
import { LinkPreviewCard } from '../../ui/files/LinkPreviewCard';
import type { RoomMessage } from './messages';

export interface MessageExtrasProps {
  message: RoomMessage;
  preview: linkPreviewsApi.LinkPreview | null;
  onOpenLink?: (url: string) => void;
  onSelectFile?: (file: FileView) => void;
  freshFile?: FreshFile;
}

/** What a message carries besides its text (spec 3 §2 Message view): attached files, a link preview, a content card. */
export function MessageExtras({ message, preview, onOpenLink, onSelectFile, freshFile }: MessageExtrasProps) {
  return (
    <>
      {message.files.length > 0 && (
        <FileTileList
          files={message.files}
          mode="tiny"
          label="Attachments"
          onSelect={onSelectFile}
          freshFile={freshFile}
        />
      )}
      {preview && <LinkPreviewCard preview={preview} onOpenLink={onOpenLink} />}
      {message.content && (
        <ContentCard
          title={message.content.title}
          description={message.content.description}
          thumbnail={message.content.thumbnail}
          value={message.content.file?.downloadUrl ?? message.content.value}
        />
      )}
    </>
  );
}

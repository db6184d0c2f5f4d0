/**
 * Upload one file (spec 3 §4 File upload) to the files API of a practice: UploadWidget wired to
 * `POST /api/v1/files` and `DELETE /api/v1/file/:id`.
 *
 *   <UploadPanel practiceId={practice.id} onUploaded={(id) => attach(id)} onCanceled={detachAll} />
 *   // another owner passes its own calls instead of the files API:
 *   <UploadPanel createLink={(d, signal) => chatFileLink(chatId, d, signal)} deleteFile={deleteChatFile} … />
 *
 * What it checks and how canceling works: see UploadWidget.tsx.
 */
import { deleteFileById, practiceUploadLink } from './fileCalls';
import type { CreateUploadLink, DeleteUploadedFile } from './uploadFile';
import { UploadWidget, type UploadWidgetProps } from './UploadWidget';

type LinkSource =
  /** The files API, with the practice the file belongs to. */
  { practiceId: number; createLink?: undefined } | { createLink: CreateUploadLink; practiceId?: undefined };

export type UploadPanelProps = LinkSource &
  Omit<UploadWidgetProps, 'createLink' | 'deleteFile'> & {
    /** Deletes a created file on cancel; the files API by default. */
    deleteFile?: DeleteUploadedFile;
  };

export function UploadPanel({ practiceId, createLink, deleteFile, ...rest }: UploadPanelProps) {
  return (
    <UploadWidget
      {...rest}
      createLink={createLink ?? practiceUploadLink(practiceId)}
      deleteFile={deleteFile ?? deleteFileById}
    />
  );
}

/**
 * Upload one file (spec 3 §4 File upload), built on FilePond, through the calls it is given:
 *
 *   <UploadWidget createLink={(d, signal) => chatFileLink(chatId, d, signal)} deleteFile={deleteChatFile} onUploaded={send} />
 *
 * UploadPanel (UploadPanel.tsx) is this widget wired to the files API of a practice.
 *
 * The file is checked (by default images, PDF, Word, Excel up to 100 MB; `rules` narrows that,
 * e.g. WEB_IMAGE_RULES for logos; .ds_store, thumbs.db and desktop.ini are always ignored),
 * hashed, given an upload link and PUT; `onUploaded` gets the new id.
 * Canceling, undoing or removing it calls `onCanceled` and deletes every file created for it.
 * Once the parent has used the file (a message sent), remount the panel (change its `key`) to
 * start over without deleting anything.
 */
import 'filepond/dist/filepond.min.css';
import './UploadPanel.css';
import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import { FilePond, type FilePondProps } from 'react-filepond';
import { filesApi } from '@referwell/contracts';
import { registerValidationPlugin } from './filePondValidation';
import {
  createUploadSession,
  isAbortError,
  UPLOAD_ERRORS,
  UploadError,
  type CreateUploadLink,
  type DeleteUploadedFile,
} from './uploadFile';
import { FILE_UPLOAD_RULES, FILEPOND_LABELS, type UploadRules } from './uploadRules';

registerValidationPlugin();

export interface UploadWidgetProps {
  /** Asks for the upload link of a described file. */
  createLink: CreateUploadLink;
  /** Deletes a created file on cancel. */
  deleteFile: DeleteUploadedFile;
  onUploaded?: (fileId: number, file: File) => void;
  onCanceled?: () => void;
  /** True from picking a file until its upload ends, fails or is canceled. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The drop area's text before "Browse"; it names the browse control too. */
  label?: string;
  disabled?: boolean;
  /** What the panel takes and says it takes; any file the files API takes by default. */
  rules?: UploadRules;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type ProcessFn = Extract<NonNullable<FilePondProps['server']>, object>['process'];

export function UploadWidget(props: UploadWidgetProps) {
  const { label = 'Drag & drop a file or', disabled, rules = FILE_UPLOAD_RULES } = props;
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const hintId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  // FilePond tears down after React has moved on; nothing it reports then may reach the parent.
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const session = useMemo(
    () =>
      // eslint-disable-next-line react-hooks/refs -- the session keeps this getter and calls it only when an upload starts, never during render
      createUploadSession(() => {
        const { createLink, deleteFile } = latest.current;
        return { createLink, deleteFile };
      }),
    [],
  );

  const server = useMemo(() => {
    const process: ProcessFn = (_field, file, _metadata, load, error, progress, abort) => {
      let aborted = false;
      let finished = false;
      session
        .upload(file as File, (loaded, total) => progress(true, loaded, total))
        .then(({ id }) => {
          if (aborted || !mounted.current) return;
          finished = true;
          latest.current.onUploaded?.(id, file as File);
          load(String(id));
        })
        .catch((failure: unknown) => {
          if (aborted || isAbortError(failure) || !mounted.current) return;
          error(failure instanceof UploadError ? failure.message : UPLOAD_ERRORS.upload);
        });
      return {
        // FilePond also calls this when it is destroyed; a finished upload belongs to the parent
        // by then (removing it from the panel is what deletes it, through onremovefile).
        abort: () => {
          if (finished) return;
          aborted = true;
          session.cancel(file);
          abort();
        },
      };
    };
    // FilePond would send every other call to the page's own URL; undoing an upload is handled
    // with removal (onremovefile), which deletes what was created.
    return {
      process,
      revert: (_id: unknown, load: () => void) => load(),
      patch: null,
      fetch: null,
      restore: null,
      load: null,
    };
  }, [session]);

  const uploading = (value: boolean) => {
    if (mounted.current) latest.current.onUploadingChange?.(value);
  };

  // Options FilePond knows only through our validation plugin.
  const pluginOptions = { validateFile: rules.validate } as Partial<FilePondProps>;

  return (
    <Stack gap={4} ref={wrapper} className="rw-upload-panel">
      <FilePond
        {...FILEPOND_LABELS}
        {...pluginOptions}
        labelIdle={`${escapeHtml(label)} <span class="filepond--label-action" role="button">Browse</span>`}
        allowMultiple={false}
        instantUpload
        credits={false}
        disabled={disabled}
        acceptedFileTypes={rules.accept}
        ignoredFiles={[...filesApi.IGNORED_FILE_NAMES]}
        server={server}
        oninit={() => {
          wrapper.current?.querySelector('input.filepond--browser')?.setAttribute('aria-describedby', hintId);
        }}
        onaddfilestart={() => uploading(true)}
        onaddfile={(error) => error && uploading(false)}
        onprocessfile={() => uploading(false)}
        onremovefile={(_error, item) => {
          if (!mounted.current) return;
          session.cancel(item.file);
          latest.current.onCanceled?.();
          uploading(false);
        }}
      />
      <Text id={hintId} size="xs" c="dimmed">
        {rules.hint}
      </Text>
    </Stack>
  );
}

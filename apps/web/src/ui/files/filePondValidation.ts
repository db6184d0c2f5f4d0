import { registerPlugin } from 'filepond';

/** What an item shows when it is refused: FilePond's `{ main, sub }` status lines. */
export interface FileRefusal {
  main: string;
  sub: string;
}
export type FileValidator = (file: File) => FileRefusal | null;

interface PluginApi {
  addFilter: (key: string, cb: (file: File, helpers: { query: (name: string) => unknown }) => Promise<File>) => void;
  utils: { Type: Record<string, unknown> };
}

/**
 * The type and size checks normally come from two FilePond plugins we do not ship; this one
 * takes a `validateFile` option instead, so each panel decides its own rules. A refused file stays
 * in the list with the reason, like the official plugins do.
 */
function validationPlugin({ addFilter, utils }: PluginApi) {
  addFilter('LOAD_FILE', (file, { query }) => {
    const validate = query('GET_VALIDATE_FILE') as FileValidator | null;
    const refusal = validate?.(file);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- FilePond's LOAD_FILE filter reads the refusal from a { status } object
    return refusal ? Promise.reject({ status: refusal }) : Promise.resolve(file);
  });
  return {
    options: {
      validateFile: [null, utils.Type.FUNCTION],
      // Core FilePond copies this to the browse input's `accept` when it exists.
      acceptedFileTypes: [[], utils.Type.ARRAY],
    },
  };
}

let registered = false;
export function registerValidationPlugin() {
  if (registered) return;
  registered = true;
  registerPlugin(validationPlugin);
}

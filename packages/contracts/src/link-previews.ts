import { z } from 'zod';

/** Link previews (spec 1 §2, spec 3 §2): a server-side unfurl of http(s) links. */

export const _placeholder = z.never();

import { z } from 'zod';

/** API keys for integrations (spec 1 §7, spec 2 §7 API keys). */

export const _placeholder = z.never();

import type { practicesApi } from '@referwell/contracts';

export type Practice = practicesApi.Practice;
export type PracticeTag = practicesApi.PracticeTag;

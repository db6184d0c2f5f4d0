import { LineIcon } from '../../ui/LineIcon';

/** Small line icons of the room; decorative (the buttons around them carry the labels). */
export const SendIcon = () => (
  <LineIcon>
    <path d="M22 2 11 13" />
    <path d="M22 2 15 22l-4-9-9-4 20-7z" />
  </LineIcon>
);

export const AttachIcon = () => (
  <LineIcon>
    <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
  </LineIcon>
);

export const ActionsIcon = () => (
  <LineIcon>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
);

export const SentIcon = () => (
  <LineIcon size={14}>
    <path d="M5 12.5 10 17 19 7" />
  </LineIcon>
);

export const ReadIcon = () => (
  <LineIcon size={14}>
    <path d="M2 12.5 6.5 17 15 7" />
    <path d="M10.5 16 11.5 17 20 7" />
  </LineIcon>
);

export const SendingIcon = () => (
  <LineIcon size={12}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </LineIcon>
);

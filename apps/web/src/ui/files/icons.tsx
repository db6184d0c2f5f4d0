import { LineIcon, type LineIconProps } from '../LineIcon';

/** The files' line icons, a little smaller than the base's; decorative: their buttons carry labels. */
const Icon = ({ size = 18, ...rest }: LineIconProps) => <LineIcon size={size} {...rest} />;

export const DownloadIcon = (props: { size?: number }) => (
  <Icon {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const RemoveIcon = (props: { size?: number }) => (
  <Icon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

export const PreviousIcon = (props: { size?: number }) => (
  <Icon {...props}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const NextIcon = (props: { size?: number }) => (
  <Icon {...props}>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);

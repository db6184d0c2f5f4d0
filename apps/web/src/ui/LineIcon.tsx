import type { SVGProps } from 'react';

export type LineIconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The base of the app's few line icons (it has no icon library): a 24-unit outline drawn in the
 * text colour. Decorative: whatever carries an icon has the label.
 */
export function LineIcon({ children, size = 20, ...rest }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

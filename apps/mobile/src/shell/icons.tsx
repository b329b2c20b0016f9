import type { SVGProps } from 'react';

// Inline icons (decorative: the control that holds one carries the accessible name).
const paths = {
  back: 'M15.5 4.5 8 12l7.5 7.5-1.4 1.4L5.2 12l8.9-8.9z',
  search:
    'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z',
  bell: 'M12 2a6 6 0 0 1 6 6v4.6l2 3.4v1H4v-1l2-3.4V8a6 6 0 0 1 6-6zm0 2a4 4 0 0 0-4 4v5.1L6.9 15h10.2L16 13.1V8a4 4 0 0 0-4-4zm-2.5 15h5a2.5 2.5 0 0 1-5 0z',
  service:
    'M12 2a8 8 0 0 1 8 8v6a3 3 0 0 1-3 3h-3v-2h3a1 1 0 0 0 1-1v-1h-3v-6h3a6 6 0 0 0-12 0h3v6H6a2 2 0 0 1-2-2v-3a8 8 0 0 1 8-8zM6 12v2h1v-2zm11 0v2h1v-2z',
  settings:
    'M10.3 2h3.4l.5 2.6 1.5.8 2.5-1 1.7 2.9-2 1.8v1.8l2 1.8-1.7 2.9-2.5-1-1.5.8-.5 2.6h-3.4l-.5-2.6-1.5-.8-2.5 1-1.7-2.9 2-1.8V9.1l-2-1.8L5.6 4.4l2.5 1 1.5-.8zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  home: 'M12 3 2 11h3v9h5v-6h4v6h5v-9h3z',
  market: 'M3 19h18v2H3zM4 15l5-6 4 4 6-8 1.6 1.2-7.4 9.9-4-4-3.6 4.2z',
  wallet:
    'M4 5h14v3h2v12H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm0 2v11h14v-3h-4a2 2 0 0 1 0-4h4v-1H4zm10 6h4v-1h-4z',
  news: 'M4 4h13v3h3v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zm2 2v12h9V6zm11 3v9a1 1 0 0 0 1 0V9zM8 8h5v2H8zm0 4h5v1.5H8zm0 3h5v1.5H8z',
  me: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2.2 8 5v2H4v-2c0-2.8 3.6-5 8-5z',
  chevron: 'M9 5.5 15.5 12 9 18.5l-1.4-1.4 5.1-5.1-5.1-5.1z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.5em"
      height="1.5em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}

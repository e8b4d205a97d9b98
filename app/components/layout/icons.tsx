/** The layout's line icons (24 px grid, currentColor). Decorative: labels sit on the controls. */

type IconProps = { className?: string };

export function Svg({ className = "size-6", children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Svg>
);

export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const UserIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8.5" r="3.5" />
    <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" />
  </Svg>
);

export const UserSignedInIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8.5" r="3.5" fill="currentColor" />
    <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5z" fill="currentColor" />
  </Svg>
);

const heartPath =
  "M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z";

/** The heart of "Merken": outlined, or filled once the party is saved. */
export const HeartIcon = ({ filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Svg {...props}>
    <path d={heartPath} fill={filled ? "currentColor" : "none"} />
  </Svg>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 5l7 7-7 7" />
  </Svg>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);

export const InstagramIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Svg>
);

export const TikTokIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 3.5v11.2a3.8 3.8 0 1 1-3.8-3.8" />
    <path d="M14 3.5c.4 2.6 2.3 4.4 5 4.6" />
  </Svg>
);

export const FacebookIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14.5 8H17V4.5h-2.5A4 4 0 0 0 10.5 8.5V11H8v3.5h2.5v6h3.5v-6h2.6l.4-3.5h-3V8.8c0-.5.3-.8.5-.8z" />
  </Svg>
);

export const WhatsAppIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 20l1.2-4A8 8 0 1 1 8.3 19z" />
    <path d="M9 9.5c0 2.8 2.2 5 5 5l1.2-1.3-1.8-.9-.8.8a3.6 3.6 0 0 1-2.2-2.2l.8-.8-.9-1.8z" />
  </Svg>
);

/** The logo mark: a sun going down behind the horizon lines — the sunset theme, as a sign. */
export function LogoMark({ className = "size-8" }: IconProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <clipPath id="logo-sun">
          <circle cx="16" cy="16" r="13" />
        </clipPath>
      </defs>
      <g clipPath="url(#logo-sun)">
        <rect x="0" y="0" width="32" height="32" fill="var(--accent)" />
        <rect x="0" y="17" width="32" height="2.2" fill="var(--paper)" />
        <rect x="0" y="21.4" width="32" height="2.6" fill="var(--paper)" />
        <rect x="0" y="26.2" width="32" height="3" fill="var(--paper)" />
      </g>
    </svg>
  );
}

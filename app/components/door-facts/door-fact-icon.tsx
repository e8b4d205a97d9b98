import type { DoorIcon } from "#common/door-fact-texts.ts";
import { Svg } from "#app/components/layout/icons.tsx";

/** The line drawings of the "Einlass & Awareness" card, in the layout icons' style. */
const drawings: Record<DoorIcon, React.ReactNode> = {
  age: (
    <>
      <circle cx="10" cy="8" r="3.2" />
      <path d="M4 19.5c.7-3.3 3.1-5.2 6-5.2s5.3 1.9 6 5.2M18.5 7v5M16 9.5h5" />
    </>
  ),
  consent: (
    <>
      <path d="M7 3.5h7l4 4v13H7z" />
      <path d="M14 3.5v4h4M9.5 13h6M9.5 16.5h4" />
    </>
  ),
  id: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <circle cx="8.5" cy="11" r="2" />
      <path d="M5.5 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2M14 10h4.5M14 13.5h3" />
    </>
  ),
  photo: (
    <>
      <path d="M4 8h3l1.5-2h7L17 8h3v11H4z" />
      <circle cx="12" cy="13" r="3.2" />
    </>
  ),
  awareness: <path d="M12 3.5l7 3v5.2c0 4.2-3 7.4-7 8.8-4-1.4-7-4.6-7-8.8V6.5z M9 12l2 2 4-4" />,
  access: (
    <>
      <circle cx="11" cy="4.5" r="1.6" />
      <path d="M11 7v6h5l2 5.5M11 10h4.5M8.5 10.5a5 5 0 1 0 6.6 6.8" />
    </>
  ),
  quiet: <path d="M19 14.5A7.5 7.5 0 0 1 9.5 5a7.5 7.5 0 1 0 9.5 9.5z" />,
  payment: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <path d="M3 10h18M7 14.5h3" />
    </>
  ),
  reentry: <path d="M4 9h12l-3-3M20 15H8l3 3" />,
  cloakroom: (
    <path d="M12 8.5a2 2 0 1 1 2-2c0 1-2 1.4-2 2.5v1L3.5 17c-.6.4-.3 1.3.4 1.3h16.2c.7 0 1-.9.4-1.3z" />
  ),
  smoking: (
    <path d="M3 15.5h13v3H3zM18.5 15.5v3M20.5 15.5v3M17 12.5c0-2 2.5-2 2.5-4S17 6.5 17 4.5" />
  ),
};

export function DoorFactIcon({ icon }: { icon: DoorIcon }) {
  return <Svg className="size-5 shrink-0 text-accent">{drawings[icon]}</Svg>;
}

import { FacebookIcon, InstagramIcon, TikTokIcon, WhatsAppIcon } from "./icons.tsx";

export interface SocialUrls {
  instagram?: string;
  tiktok?: string;
  facebook?: string;
  whatsapp?: string;
}

const networks = [
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "tiktok", label: "TikTok", Icon: TikTokIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "whatsapp", label: "WhatsApp-Kanal", Icon: WhatsAppIcon },
] as const;

/** The social profiles of the site settings; nothing when none is set. */
export function SocialLinks({ social }: { social: SocialUrls }) {
  const configured = networks.filter((network) => social[network.key]);
  if (configured.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Soziale Netzwerke">
      {configured.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={social[key]}
            rel="noopener noreferrer me"
            aria-label={label}
            title={label}
            className="inline-flex size-11 items-center justify-center rounded-full border border-line transition-colors hover:border-accent hover:bg-accent hover:text-accent-ink"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from 'react-i18next';
import { imageUrl, useSiteConfig } from '../features/config/queries';

/** Logo and name of the site, from the site configuration. */
export function Brand({ tagline, heading = false }: { tagline?: string; heading?: boolean }) {
  const Name = heading ? 'h1' : 'p';
  const { t } = useTranslation();
  const { data } = useSiteConfig();
  const logo = data ? imageUrl(data.logo) : '';
  return (
    <div className="brand">
      {logo ? (
        <img src={logo} alt="" width={72} height={72} />
      ) : (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#0b3d91" />
          <path d="M14 44l10-12 8 7 14-17 4 4-18 21-8-7-6 8z" fill="#fff" />
        </svg>
      )}
      <Name className="brand-name">{data?.title || t('common.appName')}</Name>
      {tagline && <p>{tagline}</p>}
    </div>
  );
}

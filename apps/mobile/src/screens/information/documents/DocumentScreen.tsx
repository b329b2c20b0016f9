import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteConfig } from '../../../features/config/queries';
import { pathOf } from '../../../routes/paths';

export type DocumentKey = 'aboutUs' | 'privacy' | 'agreement' | 'risks';

/**
 * A document of the `docs` messages, one paragraph per entry; live operators are named. About us
 * links to the published fee schedule its text names.
 */
export function DocumentScreen({ document }: { document: DocumentKey }) {
  const { t } = useTranslation();
  const config = useSiteConfig().data;
  const paragraphs = t(`docs.${document}`, { returnObjects: true }) as unknown;
  return (
    <article className="document" data-testid={`document-${document}`}>
      {(Array.isArray(paragraphs) ? paragraphs : []).map((paragraph: string) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {document === 'aboutUs' && (
        <p>
          <Link to={pathOf('fees')} data-testid="document-fees-link">
            {t('trade.fees.link')}
          </Link>
        </p>
      )}
      {document === 'aboutUs' && config?.mode === 'live' && config.operatorName && (
        <p>
          <strong>{t('about.operator')}: </strong>
          {config.operatorName}
          {config.licence && ` · ${t('about.licence')}: ${config.licence}`}
        </p>
      )}
    </article>
  );
}

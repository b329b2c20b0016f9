import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../../features/config/queries';

export type DocumentKey = 'aboutUs' | 'privacy' | 'agreement' | 'risks';

/** A document of the `docs` messages, one paragraph per entry; live operators are named. */
export function DocumentScreen({ document }: { document: DocumentKey }) {
  const { t } = useTranslation();
  const config = useSiteConfig().data;
  const paragraphs = t(`docs.${document}`, { returnObjects: true }) as unknown;
  return (
    <article className="document" data-testid={`document-${document}`}>
      {(Array.isArray(paragraphs) ? paragraphs : []).map((paragraph: string) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
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

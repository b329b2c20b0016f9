import { useTranslation } from 'react-i18next';
import { EmptyState } from './common';

/** The screen of a route whose feature belongs to a later issue. */
export default function ComingSoon() {
  const { t } = useTranslation();
  return <EmptyState message={t('common.comingSoon')} data-testid="coming-soon" />;
}

import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathOf } from '../../routes/paths';

export default function Start1Screen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="screen-start1">
      <ul className="points">
        <li>{t('start1.pointPrices')}</li>
        <li>{t('start1.pointLedger')}</li>
        <li>{t('start1.pointWithdraw')}</li>
        <li>{t('start1.pointDemo')}</li>
      </ul>
      <div className="actions">
        <Button block color="primary" size="large" onClick={() => void navigate(pathOf('login'))}>
          {t('start1.continue')}
        </Button>
      </div>
    </div>
  );
}

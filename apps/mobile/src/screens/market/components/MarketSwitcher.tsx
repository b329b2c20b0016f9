import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { stockTypes, type StockType } from '@beurs/contract/enums';
import { classNames } from '../../../shell/common';
import styles from '../market.module.css';

type Props = Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> & {
  value: StockType;
  onChange: (stockType: StockType) => void;
  'data-testid'?: string;
};

/** BEL stocks, US stocks, ETF BEL, ETF USA (spec section 2); the choice is stored as stockType. */
export function MarketSwitcher({ value, onChange, className, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <div
      className={classNames(styles.segmented, className)}
      role="group"
      aria-label={t('market.switcher')}
      {...rest}
    >
      {stockTypes.map((stockType) => (
        <button
          key={stockType}
          type="button"
          aria-pressed={stockType === value}
          data-testid={`stock-type-${stockType}`}
          onClick={() => onChange(stockType)}
        >
          {t(`market.stockTypes.${stockType}`)}
        </button>
      ))}
    </div>
  );
}

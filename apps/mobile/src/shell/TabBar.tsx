import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { pathOf, tabs } from '../routes/paths';
import { classNames } from './common';
import { Icon } from './icons';

/** Bottom tab bar: home, market, wallet, news, me (spec section 2). */
export function TabBar({ className, ...rest }: HTMLAttributes<HTMLElement> & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <nav className={classNames('tab-bar', className)} aria-label={t('common.appName')} {...rest}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.key}
          to={pathOf(tab.route)}
          className="tab-bar-item"
          data-testid={`tab-${tab.key}`}
          replace
        >
          <Icon name={tab.icon} />
          <span>{t(`tabs.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
